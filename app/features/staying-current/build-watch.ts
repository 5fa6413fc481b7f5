import { useEffect, useState } from "react";
import { createPath, useNavigation } from "react-router";
import { fetchWithRetry } from "~/lib/http/fetch-with-retry";

/** How often an open tab asks whether a newer build has been deployed (also on focus). */
export const BUILD_CHECK_INTERVAL_MS = 5 * 60 * 1000;
export const BUILD_ID_META = "build-id";

export function isNewerBuild(documentBuildId: string | null, serverBuildId: unknown) {
  return Boolean(documentBuildId) && typeof serverBuildId === "string" && serverBuildId !== documentBuildId;
}

async function fetchServerBuildId() {
  const response = await fetchWithRetry("/api/version", { cache: "no-store" });
  if (!response.ok) return null;
  const body: unknown = await response.json();
  return typeof body === "object" && body !== null && "version" in body ? body.version : null;
}

/**
 * Notices a deploy and moves onto it at the next navigation: a plain GET navigation becomes a full
 * page load. Nothing happens mid-page, so a half-typed form is never lost.
 */
export function useNewBuildReload() {
  const [documentBuildId] = useState(() =>
    typeof document === "undefined"
      ? null
      : (document.querySelector(`meta[name="${BUILD_ID_META}"]`)?.getAttribute("content") ?? null),
  );
  const [newBuildAvailable, setNewBuildAvailable] = useState(false);
  const navigation = useNavigation();

  useEffect(() => {
    if (!documentBuildId || newBuildAvailable) return;
    const stopped = new AbortController();
    const check = async () => {
      if (document.visibilityState !== "visible") return;
      const serverBuildId = await fetchServerBuildId().catch(() => null);
      if (!stopped.signal.aborted && isNewerBuild(documentBuildId, serverBuildId)) setNewBuildAvailable(true);
    };
    const onVisibility = () => void check();
    const timer = window.setInterval(onVisibility, BUILD_CHECK_INTERVAL_MS);
    window.addEventListener("focus", onVisibility, { signal: stopped.signal });
    document.addEventListener("visibilitychange", onVisibility, { signal: stopped.signal });
    return () => {
      stopped.abort();
      window.clearInterval(timer);
    };
  }, [documentBuildId, newBuildAvailable]);

  useEffect(() => {
    if (newBuildAvailable) document.documentElement.dataset.newBuild = "available";
  }, [newBuildAvailable]);

  useEffect(() => {
    if (newBuildAvailable && navigation.state === "loading" && !navigation.formMethod) {
      window.location.assign(createPath(navigation.location));
    }
  }, [newBuildAvailable, navigation.state, navigation.formMethod, navigation.location]);
}
