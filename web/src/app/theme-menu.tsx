import { useStore } from '@nanostores/react';
import { Monitor, Moon, Sun } from 'lucide-react';
import { IconButton } from '../components/ui/button.js';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuTrigger,
} from '../components/ui/dropdown-menu.js';
import { $labels } from './locale.js';
import {
  $themePreference,
  setThemePreference,
  THEME_PREFERENCES,
  type ThemePreference,
} from './theme.js';

const ICONS = { light: Sun, dark: Moon, system: Monitor } as const;
const LABEL_KEYS = { light: 'themeLight', dark: 'themeDark', system: 'themeSystem' } as const;

/** The header's theme button: a menu of light, dark and system, the current one ticked. */
export function ThemeMenu() {
  const preference = useStore($themePreference);
  const label = useStore($labels);
  const Icon = ICONS[preference];
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <IconButton
          label={`${label.theme}: ${label[LABEL_KEYS[preference]]}`}
          name="theme"
          tooltipSide="bottom"
        >
          <Icon aria-hidden="true" />
        </IconButton>
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        <DropdownMenuLabel>{label.theme}</DropdownMenuLabel>
        <DropdownMenuRadioGroup
          value={preference}
          onValueChange={(value) => setThemePreference(value as ThemePreference)}
        >
          {THEME_PREFERENCES.map((option) => {
            const OptionIcon = ICONS[option];
            return (
              <DropdownMenuRadioItem key={option} value={option} data-theme={option}>
                <OptionIcon aria-hidden="true" />
                {label[LABEL_KEYS[option]]}
              </DropdownMenuRadioItem>
            );
          })}
        </DropdownMenuRadioGroup>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
