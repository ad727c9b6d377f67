import { DEFAULT_THEME_COLOR } from '@ccms/contracts/constants';
import { create } from 'zustand';

export const LAYOUT_SETTING_KEY = 'layout-setting';

/** Layout settings of spec section 3, with its defaults. */
export interface LayoutSettings {
  theme: string;
  sideTheme: 'theme-light' | 'theme-dark';
  topNav: boolean;
  tagsView: boolean;
  fixedHeader: boolean;
  sidebarLogo: boolean;
  dynamicTitle: boolean;
  showSettings: boolean;
}

export const DEFAULT_SETTINGS: LayoutSettings = {
  theme: DEFAULT_THEME_COLOR,
  sideTheme: 'theme-light',
  topNav: false,
  tagsView: false,
  fixedHeader: false,
  sidebarLogo: true,
  dynamicTitle: false,
  showSettings: true,
};

/** Saved settings over the defaults; unreadable or foreign values are ignored. */
export function loadSettings(raw: string | null = safeRead()): LayoutSettings {
  if (!raw) return { ...DEFAULT_SETTINGS };
  try {
    const saved: unknown = JSON.parse(raw);
    if (typeof saved !== 'object' || saved === null) return { ...DEFAULT_SETTINGS };
    const out: LayoutSettings = { ...DEFAULT_SETTINGS };
    const s = saved as Record<string, unknown>;
    if (typeof s.theme === 'string' && /^#[0-9a-f]{3,8}$/i.test(s.theme)) out.theme = s.theme;
    if (s.sideTheme === 'theme-light' || s.sideTheme === 'theme-dark') out.sideTheme = s.sideTheme;
    for (const key of ['topNav', 'tagsView', 'fixedHeader', 'sidebarLogo', 'dynamicTitle', 'showSettings'] as const) {
      if (typeof s[key] === 'boolean') out[key] = s[key];
    }
    return out;
  } catch {
    return { ...DEFAULT_SETTINGS };
  }
}

function safeRead(): string | null {
  try {
    return localStorage.getItem(LAYOUT_SETTING_KEY);
  } catch {
    return null;
  }
}

export interface SettingsState extends LayoutSettings {
  /** The current page's title (route meta), shown in the browser tab. */
  title: string;
  /** A page-supplied title (detail pages), used when dynamic title is on. */
  dynamicText: string;
  change<K extends keyof LayoutSettings>(key: K, value: LayoutSettings[K]): void;
  save(): void;
  reset(): void;
  setTitle(title: string): void;
  setDynamicText(text: string): void;
}

export const useSettings = create<SettingsState>()((set, get) => ({
  ...loadSettings(),
  title: '',
  dynamicText: '',
  change(key, value) {
    set({ [key]: value } as Pick<LayoutSettings, typeof key>);
  },
  save() {
    const s = get();
    const saved: Omit<LayoutSettings, 'showSettings'> = {
      theme: s.theme,
      sideTheme: s.sideTheme,
      topNav: s.topNav,
      tagsView: s.tagsView,
      fixedHeader: s.fixedHeader,
      sidebarLogo: s.sidebarLogo,
      dynamicTitle: s.dynamicTitle,
    };
    localStorage.setItem(LAYOUT_SETTING_KEY, JSON.stringify(saved));
  },
  reset() {
    localStorage.removeItem(LAYOUT_SETTING_KEY);
    set({ ...DEFAULT_SETTINGS });
  },
  setTitle(title) {
    set({ title });
  },
  setDynamicText(dynamicText) {
    set({ dynamicText });
  },
}));
