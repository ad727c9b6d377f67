/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** The external help site the user menu opens. */
  readonly VITE_HELP_URL?: string;
  /** Address the feedback mail draft goes to (empty: the user fills it in). */
  readonly VITE_FEEDBACK_EMAIL?: string;
  /** Comma-separated host names of the production cloud, where the version check is skipped. */
  readonly VITE_CLOUD_HOSTS?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
