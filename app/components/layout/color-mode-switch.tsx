import type { FormEvent } from "react";
import { useFetcher, useFetchers, useLocation } from "react-router";
import { MonitorIcon, MoonIcon, SunIcon } from "~/components/ui/icons";
import { colorModeLabels, colorModes, isColorMode, type ColorMode } from "~/features/color-mode/color-mode";

export const COLOR_MODE_ACTION = "/api/color-mode";
const COLOR_MODE_FETCHER = "color-mode";

const icons = { light: SunIcon, dark: MoonIcon, system: MonitorIcon } satisfies Record<ColorMode, unknown>;

/** The mode to render: the one being saved right now, else the stored one. */
export function useOptimisticColorMode(stored: ColorMode): ColorMode {
  const pending = useFetchers()
    .find((fetcher) => fetcher.key === COLOR_MODE_FETCHER)
    ?.formData?.get("colorMode");
  return isColorMode(pending) ? pending : stored;
}

/**
 * Three buttons in one form. Without JavaScript the form posts and comes back to this page; with it,
 * a fetcher saves the choice and the page switches at once.
 */
export function ColorModeSwitch({ current }: { current: ColorMode }) {
  const fetcher = useFetcher({ key: COLOR_MODE_FETCHER });
  const location = useLocation();
  const shown = useOptimisticColorMode(current);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    const chosen = submitter?.getAttribute("value");
    if (!isColorMode(chosen)) return;
    event.preventDefault();
    void fetcher.submit({ colorMode: chosen }, { method: "post", action: COLOR_MODE_ACTION });
  };

  return (
    <form method="post" action={COLOR_MODE_ACTION} onSubmit={onSubmit} className="flex">
      <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
      <fieldset className="flex rounded-full border border-border bg-surface-raised p-0.5">
        <legend className="sr-only">Farvetema</legend>
        {colorModes.map((mode) => {
          const ModeIcon = icons[mode];
          const active = shown === mode;
          return (
            <button
              key={mode}
              type="submit"
              name="colorMode"
              value={mode}
              aria-pressed={active}
              title={colorModeLabels[mode]}
              className={`grid size-9 place-items-center rounded-full transition-colors ${
                active ? "bg-accent text-accent-ink" : "text-muted hover:text-ink"
              }`}
            >
              <ModeIcon />
              <span className="sr-only">{colorModeLabels[mode]}</span>
            </button>
          );
        })}
      </fieldset>
    </form>
  );
}
