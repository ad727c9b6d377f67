import { UI_SIZES } from '@ccms/contracts/constants';
import Cookies from 'js-cookie';
import { create } from 'zustand';

export type UiSize = (typeof UI_SIZES)[number];
export type Device = 'desktop' | 'mobile';

/** The spec's sizes as antd component sizes. */
export const ANTD_SIZE = { large: 'large', default: 'middle', small: 'small' } as const satisfies Record<UiSize, string>;

const SIDEBAR_COOKIE = 'sidebarStatus';
const SIZE_COOKIE = 'size';

const storedSize = (): UiSize => {
  const value = Cookies.get(SIZE_COOKIE);
  return (UI_SIZES as readonly string[]).includes(value ?? '') ? (value as UiSize) : 'default';
};

export interface AppState {
  sidebar: { opened: boolean; withoutAnimation: boolean; hide: boolean };
  device: Device;
  size: UiSize;
  toggleSidebar(withoutAnimation?: boolean): void;
  closeSidebar(withoutAnimation: boolean): void;
  setSidebarHide(hide: boolean): void;
  setDevice(device: Device): void;
  setSize(size: UiSize): void;
}

/** Sidebar, device and size; sidebar state and size are kept in cookies (spec section 2). */
export const useAppStore = create<AppState>()((set, get) => ({
  sidebar: { opened: Cookies.get(SIDEBAR_COOKIE) !== '0', withoutAnimation: false, hide: false },
  device: 'desktop',
  size: storedSize(),

  toggleSidebar(withoutAnimation = false) {
    const { sidebar } = get();
    if (sidebar.hide) return;
    const opened = !sidebar.opened;
    Cookies.set(SIDEBAR_COOKIE, opened ? '1' : '0');
    set({ sidebar: { ...sidebar, opened, withoutAnimation } });
  },
  closeSidebar(withoutAnimation) {
    Cookies.set(SIDEBAR_COOKIE, '0');
    set({ sidebar: { ...get().sidebar, opened: false, withoutAnimation } });
  },
  setSidebarHide(hide) {
    set({ sidebar: { ...get().sidebar, hide } });
  },
  setDevice(device) {
    set({ device });
  },
  setSize(size) {
    Cookies.set(SIZE_COOKIE, size);
    set({ size });
  },
}));
