import { data } from "react-router";
import type { Route } from "./+types/not-found";

// `url` is the page's address; `request.url` of a client navigation ends in ".data".
function notFound({ url }: Route.LoaderArgs | Route.ActionArgs): never {
  throw data({ path: url.pathname }, { status: 404 });
}

export const loader = notFound;
export const action = notFound;

// The root error boundary renders the not-found view; this module only marks the path unknown.
export default function NotFound() {
  return null;
}
