import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { ApiError } from '../errors';
import { UPLOAD_MAX_BYTES } from '../services/editor/upload-rules';

// The one file of a multipart upload (field `file`) as the editor's and the back office's image uploads read it:
// a request that is not multipart, has no such field, cannot be read or is over the size limit is refused through
// the route's own `reject` (which logs the refusal with its reason and builds the 400).

export type Reject = (name: string, reason: string, extra?: Record<string, unknown>) => Promise<ApiError>;

export interface UploadedFile {
  /** The file name as sent, reduced to safe characters (for the log). */
  name: string;
  body: Buffer;
  part: MultipartFile;
}

export async function readUploadedFile(request: FastifyRequest, reject: Reject): Promise<UploadedFile> {
  if (!request.isMultipart()) throw await reject('(none)', 'Send the image as multipart/form-data with the field "file".');
  let part;
  try {
    part = await request.file();
  } catch {
    throw await reject('(none)', 'The upload could not be read.');
  }
  if (!part || part.fieldname !== 'file') throw await reject('(none)', 'Send the image in the field "file".');
  const name = part.filename.replace(/[^\w.\- ]/g, '_').slice(0, 120) || 'image';
  try {
    return { name, body: await part.toBuffer(), part };
  } catch {
    throw await reject(name, `The file is larger than ${UPLOAD_MAX_BYTES / 1024 / 1024} MB.`, { declared_type: part.mimetype });
  }
}
