import { useStore } from '@nanostores/react';
import { lazy, Suspense, useEffect } from 'react';
import { Route, Switch, useLocation } from 'wouter';
import { Dialog, DrawerContent } from '../components/ui/dialog.js';
import { TooltipProvider } from '../components/ui/tooltip.js';
import {
  AccountDialogs,
  AccountGate,
  ApiKeysRoute,
  SignInRoute,
  SignUpRoute,
  startAccounts,
  addAccountMenuExtra,
  useAccountGate,
} from '../features/account/shell.js';
import { ChatPage } from '../features/chat/components/chat-page.js';
import { ConversationSidebar } from '../features/chat/components/conversation-sidebar.js';
import { loadConversations } from '../features/chat/stores/conversations.js';
import { AccountCredits } from '../features/credits/components/balance-badge.js';
import { initAgents } from '../features/agents/stores/new-chat.js';
import { loadProviders } from '../features/providers/stores/providers.js';
import { $toasterNeeded } from '../lib/toasts.js';
import { AppHeader } from './app-header.js';
import { $labels } from './locale.js';
import { $drawerOpen, $isDesktop, setDrawerOpen } from './shell.js';

// The pages other than the chat are loaded when opened: the first load stays the chat's.
const ImagesPage = lazy(() =>
  import('../features/images/components/images-page.js').then((m) => ({ default: m.ImagesPage })),
);
const AgentsPage = lazy(() =>
  import('../features/agents/components/agents-page.js').then((m) => ({ default: m.AgentsPage })),
);
const SettingsPage = lazy(() =>
  import('../features/providers/components/settings-page.js').then((m) => ({
    default: m.SettingsPage,
  })),
);

// Radix Toast is loaded with the first toast, not with the page.
const Toaster = lazy(() =>
  import('../components/ui/toaster.js').then((module) => ({ default: module.Toaster })),
);

// The cloud edition's Usage and Plans pages (uPlot with the chart), loaded when opened.
const UsagePage = lazy(() =>
  import('../features/credits/components/usage-page.js').then((module) => ({
    default: module.UsagePage,
  })),
);
const PlansPage = lazy(() =>
  import('../features/credits/components/plans-page.js').then((module) => ({
    default: module.PlansPage,
  })),
);

// The primitives' gallery, for developers and the design browser test.
const DesignGallery = lazy(() =>
  import('./design-gallery.js').then((module) => ({ default: module.DesignGallery })),
);

/**
 * The shell: a skip link, the header, the page in `<main>`, and below `md` the conversation
 * list as a drawer (a modal dialog opened from the header).
 */
export function App() {
  useEffect(() => {
    void loadProviders();
    void loadConversations();
    initAgents();
    startAccounts();
    // the cloud edition's balance and plan in the account menu (renders nothing elsewhere)
    addAccountMenuExtra({
      id: 'credits',
      order: 10,
      component: () => <AccountCredits className="px-2 py-1.5" />,
    });
  }, []);
  const label = useStore($labels);
  const drawerOpen = useStore($drawerOpen);
  const desktop = useStore($isDesktop);
  const toasterNeeded = useStore($toasterNeeded);
  const gated = useAccountGate();
  const [location] = useLocation();
  return (
    <TooltipProvider>
      <Dialog open={drawerOpen} onOpenChange={setDrawerOpen}>
        <div className="flex h-dvh flex-col">
          <a
            href="#main"
            className="sr-only z-50 rounded-lg bg-primary px-4 py-2 text-sm font-medium text-primary-foreground focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
            onClick={(event) => {
              event.preventDefault();
              document.getElementById('main')?.focus();
            }}
          >
            {label.skipToContent}
          </a>
          <AppHeader />
          <main id="main" tabIndex={-1} className="min-h-0 flex-1 overflow-auto outline-none">
            <Switch>
              {gated ? <Route component={AccountGate} /> : null}
              <Route path="/images">
                <Suspense fallback={null}>
                  <ImagesPage />
                </Suspense>
              </Route>
              <Route path="/agents">
                <Suspense fallback={null}>
                  <AgentsPage />
                </Suspense>
              </Route>
              <Route path="/settings">
                <Suspense fallback={null}>
                  <SettingsPage />
                </Suspense>
              </Route>
              <Route path="/usage">
                <Suspense fallback={null}>
                  <UsagePage />
                </Suspense>
              </Route>
              <Route path="/plans">
                <Suspense fallback={null}>
                  <PlansPage />
                </Suspense>
              </Route>
              <Route path="/design">
                <Suspense fallback={null}>
                  <DesignGallery />
                </Suspense>
              </Route>
              <Route path="/sign-in" component={SignInRoute} />
              <Route path="/sign-up" component={SignUpRoute} />
              <Route path="/account/api-keys" component={ApiKeysRoute} />
              <Route path="/" component={ChatPage} />
              <Route>
                <p className="p-8 text-center text-muted-foreground">{label.notFound}</p>
              </Route>
            </Switch>
          </main>
        </div>
        {!desktop && location === '/' ? (
          <DrawerContent title={label.conversations} data-drawer="">
            <ConversationSidebar onNavigate={() => setDrawerOpen(false)} />
          </DrawerContent>
        ) : null}
      </Dialog>
      <AccountDialogs />
      {toasterNeeded ? (
        <Suspense fallback={null}>
          <Toaster />
        </Suspense>
      ) : null}
    </TooltipProvider>
  );
}
