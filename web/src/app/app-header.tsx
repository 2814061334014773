import { useStore } from '@nanostores/react';
import { Bot, Image, Layers, Menu, MessageSquare, Settings, type LucideIcon } from 'lucide-react';
import { Link, useLocation } from 'wouter';
import { IconButton } from '../components/ui/button.js';
import { cn } from '../components/ui/cn.js';
import { DialogTrigger } from '../components/ui/dialog.js';
import { Select } from '../components/ui/input.js';
import { $accountsEnabled, AccountHeaderItems } from '../features/account/shell.js';
import { $labels, $locale, setLocale, type Labels } from './locale.js';
import { ThemeMenu } from './theme-menu.js';
import { BalanceBadge } from '../features/credits/components/balance-badge.js';

const NAV: { href: string; label: keyof Labels; icon: LucideIcon }[] = [
  { href: '/', label: 'chat', icon: MessageSquare },
  { href: '/images', label: 'images', icon: Image },
  { href: '/agents', label: 'agents', icon: Bot },
  { href: '/settings', label: 'settings', icon: Settings },
];

/**
 * The top bar: the drawer button (chat, below `md`), brand, the page links (the current one
 * `aria-current="page"`; icons only on phones), language and theme.
 */
export function AppHeader() {
  const label = useStore($labels);
  const locale = useStore($locale);
  const [location] = useLocation();
  // on phones the account button takes the brand mark's place (the Chat link stays)
  const accounts = useStore($accountsEnabled);
  return (
    <header className="flex h-14 shrink-0 items-center gap-1 border-b border-border bg-background px-2 sm:gap-2 sm:px-4">
      {location === '/' ? (
        <DialogTrigger asChild>
          <IconButton
            label={label.openConversations}
            name="open-conversations"
            className="md:hidden"
            tooltipSide="bottom"
          >
            <Menu aria-hidden="true" />
          </IconButton>
        </DialogTrigger>
      ) : null}
      <Link
        href="/"
        className={cn(
          'mr-1 flex items-center gap-2 rounded-lg px-1 font-semibold tracking-tight sm:mr-3',
          accounts && 'max-sm:hidden',
        )}
        aria-label={label.brand}
      >
        <span className="inline-flex size-7 items-center justify-center rounded-lg bg-primary text-primary-foreground">
          <Layers aria-hidden="true" className="size-4" />
        </span>
        <span className="hidden text-base lg:inline">{label.brand}</span>
      </Link>
      <nav className="flex items-center gap-0.5 sm:gap-1">
        {NAV.map(({ href, label: key, icon: Icon }) => {
          const current = href === '/' ? location === '/' : location.startsWith(href);
          return (
            <Link
              key={href}
              href={href}
              aria-current={current ? 'page' : undefined}
              className={cn(
                'inline-flex h-9 items-center gap-2 rounded-lg px-2 text-sm font-medium transition-colors sm:px-3',
                current
                  ? 'bg-selected text-foreground'
                  : 'text-muted-foreground hover:bg-hover hover:text-foreground',
              )}
            >
              <Icon aria-hidden="true" className="size-4" />
              <span className="sr-only sm:not-sr-only">{label[key]}</span>
            </Link>
          );
        })}
      </nav>
      <div className="ml-auto flex items-center gap-1 sm:gap-2">
        <BalanceBadge className="header-balance hidden sm:inline-flex" />
        <Select
          name="locale"
          aria-label={label.language}
          value={locale}
          onChange={(e) => setLocale(e.target.value === 'zh' ? 'zh' : 'en')}
          className="w-[6.25rem] max-sm:w-[5.25rem]"
          selectClassName="h-8 border-transparent bg-transparent shadow-none hover:bg-hover"
        >
          <option value="en">English</option>
          <option value="zh">中文</option>
        </Select>
        <ThemeMenu />
        <AccountHeaderItems />
      </div>
    </header>
  );
}
