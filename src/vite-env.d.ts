/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_GALAXY_DATA_ROOT?: string;
  readonly VITE_GALAXY_ABOUT_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
