import { http } from '../../core/http';
import type { Answer } from '../../core/api/endpoint';
import { upload } from '../../core/api/editor';
import { urlOf } from '../../core/api/client';

// The editor's helpers around the one browser client (core/api/client.ts).

export { HttpError as RequestError, nonce as pageNonce } from '../../core/http';

/** The rich-text image upload: multipart field `file` to the upload URL of the site config, answer {location}. */
export async function uploadImage(file: Blob, name: string, url = urlOf(upload)): Promise<string> {
  const form = new FormData();
  form.append('file', file, name);
  const { location } = await http<Answer<typeof upload>>(url, { method: 'POST', form });
  return location;
}
