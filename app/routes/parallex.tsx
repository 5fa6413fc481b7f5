import { ParallaxStory } from "~/features/content/components/banners";
import { PreviewNotice } from "~/features/content/components/page-content";
import { rootMetaData } from "~/features/content/meta";
import { isAdminPreview } from "~/features/content/public-page.server";
import { getBanners } from "~/features/content/public.server";
import { collaborators } from "~/lib/collaborators.server";
import type { Route } from "./+types/parallex";

export async function loader({ request, url }: Route.LoaderArgs) {
  const { db, auth } = collaborators();
  const preview = await isAdminPreview(auth, request, url);
  return { banners: await getBanners(db, { includeDrafts: preview }), preview };
}

export function meta({ matches }: Route.MetaArgs) {
  const { siteName, tagline } = rootMetaData(matches);
  return [{ title: `Oplev ${siteName}` }, { name: "description", content: tagline }];
}

export default function Parallax({ loaderData }: Route.ComponentProps) {
  return (
    <>
      {loaderData.preview && <PreviewNotice />}
      <h1 className="sr-only">Oplev stedet</h1>
      <ParallaxStory banners={loaderData.banners} />
    </>
  );
}
