import { useState } from 'react';
import { imageSrcset, imageUrl, type StoredImage } from '../../core/wire/catalogue-admin';
import * as catalogue from '../../core/api/catalogue';
import { api } from '../../core/api/client';
import { HttpError as RequestError } from '../../core/http';
import { AdminField, errorProps } from '../../react-app/forms/admin-field';
import type { Errors } from './parts';

/** Upload, describe (alt text) and remove the product's images; the form saves their list. */
export function ImagesField({
  images,
  errors,
  onChange,
  say,
}: {
  images: StoredImage[];
  errors: Errors;
  onChange: (images: StoredImage[]) => void;
  say: (m: string) => void;
}) {
  const [uploadError, setUploadError] = useState<string | undefined>(undefined);
  const upload = async (file: File | undefined) => {
    if (!file) return;
    setUploadError(undefined);
    const form = new FormData();
    form.append('file', file, file.name);
    try {
      const r = await api(catalogue.uploadImage, { form });
      onChange([...images, r.image]);
      say(`Uploaded ${file.name}. Describe it, then save.`);
    } catch (e) {
      const message = e instanceof RequestError ? (e.fields.file ?? e.message) : (e as Error).message;
      setUploadError(message);
      say(`Not uploaded: ${message}`);
    }
  };
  return (
    <fieldset className="admin-field catalogue-images">
      <legend>Images</legend>
      {images.map((img, i) => (
        <div key={img.key} className="catalogue-image">
          <img
            src={imageUrl(img.key, 160)}
            srcSet={imageSrcset(img)}
            sizes="160px"
            width={160}
            height={Math.round((160 * img.height) / img.width)}
            alt=""
          />
          <AdminField
            id={`image-${i}-alt`}
            label={`Image ${i + 1} description (alt text)`}
            error={errors[`images.${i}.alt`] ?? errors[`images.${i}.key`]}
          >
            <input
              id={`image-${i}-alt`}
              type="text"
              value={img.alt}
              onChange={(e) => onChange(images.map((x, j) => (j === i ? { ...x, alt: e.target.value } : x)))}
              {...errorProps(`image-${i}-alt`, errors[`images.${i}.alt`] ?? errors[`images.${i}.key`])}
            />
          </AdminField>
          <button type="button" onClick={() => onChange(images.filter((_, j) => j !== i))}>
            Remove image {i + 1}
          </button>
        </div>
      ))}
      <AdminField id="image-upload" label="Upload an image (PNG, JPEG, GIF or WebP)" error={uploadError ?? errors.images}>
        <input
          id="image-upload"
          type="file"
          accept="image/png,image/jpeg,image/gif,image/webp"
          onChange={(e) => void upload(e.target.files?.[0])}
          {...errorProps('image-upload', uploadError ?? errors.images)}
        />
      </AdminField>
    </fieldset>
  );
}
