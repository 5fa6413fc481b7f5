import { data } from "react-router";
import type { Route } from "./+types/not-found";

// `url` is the page's address; `request.url` of a client navigation ends in ".data".
function notFound(url: URL) {
  return data({ path: url.pathname }, { status: 404 });
}

export function loader({ url }: Route.LoaderArgs) {
  throw notFound(url);
}

export function action({ url }: Route.ActionArgs) {
  throw notFound(url);
}

// The root error boundary renders the not-found view; this module only marks the path unknown.
export default function NotFound() {
  return null;
}
