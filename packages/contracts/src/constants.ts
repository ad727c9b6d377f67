/** Business constants of spec section 9, shared by server and web. */
export const PRODUCT_VERSION = 'V2.2.0';
export const API_BASE = '/prod-api';
export const REQUEST_TIMEOUT_MS = 300_000;
export const CAPTCHA_TIMEOUT_MS = 20_000;
export const DUPLICATE_SUBMIT_WINDOW_MS = 1000;
export const ERROR_TOAST_MS = 5000;
export const TOKEN_COOKIE = 'Admin-Token';
export const USERNAME_MIN = 3;
export const USERNAME_MAX = 10;
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 15;
export const GRAPHIC_MAX_MB = 2;
export const GRAPHIC_TYPES = ['jpg', 'png'] as const;
export const UPLOAD_DEFAULT_SIZE_MB = 5;
export const UPLOAD_DEFAULT_LIMIT = 5;
export const UPLOAD_DEFAULT_TYPES = ['doc', 'xls', 'ppt', 'txt', 'pdf'] as const;
export const IMAGE_UPLOAD_TYPES = ['png', 'jpg', 'jpeg'] as const;
export const WORK_ITEM_MAX_CONDITIONS = 10;
export const TRENDS_DAYS = 7;
export const LIBRARY_TYPES = ['DITA', 'AirbusFlightOps', 'FTID', 'S1000D', 'ATA2300'] as const;
export const PROJECT_REFRESH_OPTIONS = ['minutes', 'hour', 'day', 'never'] as const;
export const DEFAULT_THEME_COLOR = '#409EFF';
export const SIDEBAR_WIDTH = 240;
export const MOBILE_BREAKPOINT = 992;
export const VERSION_CHECK_INTERVAL_MS = 21_600_000;
export const CONTEXT_MENU_WIDTH = 105;
export const CONTEXT_MENU_OFFSET = 15;
export const PAGE_SIZES = [10, 20, 30, 50] as const;
export const DEFAULT_PAGE_SIZE = 20;
export const DEFAULT_PAGE_NUM = 1;
export const UI_SIZES = ['large', 'default', 'small'] as const;
export const LANGUAGES = ['zh', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'zh';
/** The spec's one place where Chinese is spelled "ch": read as zh. */
export const FALLBACK_LANGUAGE_CODE = 'ch';
/** Failed sign-ins before the account locks, and for how long. */
export const LOGIN_MAX_FAILURES = 5;
export const LOGIN_LOCK_MINUTES = 10;
export const CAPTCHA_VALID_MS = 120_000;
/** Role key that passes every role check, and the permission that passes every permission check. */
export const SUPER_ROLE = 'admin';
export const ALL_PERMISSION = '*:*:*';
export const DEFAULT_ROLE = 'ROLE_DEFAULT';
