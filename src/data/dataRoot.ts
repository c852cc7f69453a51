/** Default data root: build-time VITE_GALAXY_DATA_ROOT, else the servers' /data. */
export const DEFAULT_DATA_ROOT: string = import.meta.env.VITE_GALAXY_DATA_ROOT ?? '/data';
