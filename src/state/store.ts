import type { createStore } from 'jotai';

/** The app's Jotai store: actions and syncs are plain functions over it (src/state/graph/actions.ts). */
export type Store = ReturnType<typeof createStore>;
