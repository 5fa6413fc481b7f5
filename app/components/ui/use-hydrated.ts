import { useSyncExternalStore } from "react";

const noSubscription = () => () => undefined;
const isBrowser = () => true;
const isServer = () => false;

/** True once the page runs in the browser (false in the server's HTML and without JavaScript). */
export const useHydrated = () => useSyncExternalStore(noSubscription, isBrowser, isServer);
