import { publicFileUrl } from "~/features/storage/storage";

/** The sizes stored images are made in; width and height keep the layout from jumping while they load. */
const sizes = {
  hero: { width: 1600, height: 900 },
  section: { width: 960, height: 640 },
} as const;

export interface StoredImageProps {
  storageKey: string;
  size: keyof typeof sizes;
  /** The largest image at the top of the page: fetched first instead of lazily. */
  priority?: boolean;
  className?: string;
  alt?: string;
}

export function StoredImage({ storageKey, size, priority = false, className, alt = "" }: StoredImageProps) {
  return (
    <img
      src={publicFileUrl(storageKey)}
      alt={alt}
      {...sizes[size]}
      {...(priority ? { fetchPriority: "high" as const } : { loading: "lazy" as const })}
      className={className}
    />
  );
}
