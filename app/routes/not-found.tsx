import { data } from "react-router";
import type { Route } from "./+types/not-found";

function notFound(request: Request) {
  return data({ path: new URL(request.url).pathname }, { status: 404 });
}

export function loader({ request }: Route.LoaderArgs) {
  throw notFound(request);
}

export function action({ request }: Route.ActionArgs) {
  throw notFound(request);
}

// The root error boundary renders the not-found view; this module only marks the path unknown.
export default function NotFound() {
  return null;
}
