import { preload } from "react-dom";
import { imageSrcSet, type StoredImageRef } from "~/features/media/media";
import { publicFileUrl } from "~/features/storage/storage";

export interface StoredImageProps {
  image: StoredImageRef;
  /** How wide the image is shown, for the browser's choice among the widths (the `sizes` attribute). */
  sizes: string;
  /** The largest image at the top of the page: named in <head> and fetched first instead of lazily. */
  priority?: boolean;
  className?: string;
  alt?: string;
  /** Vertical focal point in percent when the image is cropped by `object-fit: cover`. */
  focusY?: number;
}

/** An uploaded image as AVIF or WebP in the width the screen needs, with its size given so nothing jumps. */
export function StoredImage({ image, sizes, priority = false, className, alt = "", focusY }: StoredImageProps) {
  const dimensions = image.width > 0 ? { width: image.width, height: image.height } : {};
  const loading = priority
    ? { fetchPriority: "high" as const }
    : { loading: "lazy" as const, decoding: "async" as const };
  const style = focusY === undefined ? undefined : { objectPosition: `50% ${focusY}%` };
  if (priority) {
    // In <head> the image is requested ahead of every script preload; browsers
    // without AVIF skip a preload of that type and take the WebP of <img>.
    const variants =
      image.widths.length > 0 ? { imageSrcSet: imageSrcSet(image, "avif"), imageSizes: sizes, type: "image/avif" } : {};
    preload(publicFileUrl(image.key), { as: "image", fetchPriority: "high", ...variants });
  }
  if (image.widths.length === 0) {
    return (
      <img src={publicFileUrl(image.key)} alt={alt} {...dimensions} {...loading} className={className} style={style} />
    );
  }
  return (
    <picture>
      <source type="image/avif" srcSet={imageSrcSet(image, "avif")} sizes={sizes} />
      <img
        src={publicFileUrl(image.key)}
        srcSet={imageSrcSet(image, "webp")}
        sizes={sizes}
        alt={alt}
        {...dimensions}
        {...loading}
        className={className}
        style={style}
      />
    </picture>
  );
}
