/** Public address of a stored file, in the spec's form `storage/v1/object/public/{bucket}/{file}`. */
export function publicFileUrl(key: string) {
  return `/storage/v1/object/public/${key.split("/").map(encodeURIComponent).join("/")}`;
}
