import { createContext, use } from "react";
import stylesheetHref from "~/app.css?url";

/** The site's CSS, given by the server as it renders a document (entry.server.tsx); empty in the browser. */
const StylesheetTextContext = createContext("");

export const StylesheetTextProvider = StylesheetTextContext.Provider;

export { stylesheetHref };

/**
 * The site's stylesheet (9 KB gzip), written into the document so that the first paint waits for no request of
 * its own. In the browser React finds the server's `<style data-href>` and keeps it as it is, so the CSS text is
 * neither needed there nor in the bundle. The development server serves the CSS as a file, for hot reloading.
 */
export function SiteStylesheet() {
  const text = use(StylesheetTextContext);
  if (import.meta.env.DEV) return <link rel="stylesheet" href={stylesheetHref} precedence="default" />;
  return (
    <style href={stylesheetHref} precedence="default">
      {text}
    </style>
  );
}
