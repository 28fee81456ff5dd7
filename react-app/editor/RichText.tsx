import { Editor } from '@tinymce/tinymce-react';
import { useRef } from 'react';
import { uploadImage } from './api';

// TinyMCE for the text-editor widget, self-hosted from the tinymce package (served under /assets/tinymce/):
// no cloud, no API key. Images go through the site's upload endpoint (multipart field `file` → {location}).
export interface RichTextProps {
  id: string;
  label: string;
  value: string;
  uploadUrl: string;
  onChange: (html: string) => void;
}

export default function RichText({ id, label, value, uploadUrl, onChange }: RichTextProps) {
  // TinyMCE reports its own serialisation of the stored HTML as a change when it loads (attribute order,
  // whitespace): that is not an edit, and must not mark the page changed (it set off an autosave of a draft
  // whenever an editor merely selected a Text Editor widget).
  const loaded = useRef<string | null>(null);
  return (
    <Editor
      id={id}
      tinymceScriptSrc="/assets/tinymce/tinymce.min.js"
      licenseKey="gpl"
      value={value}
      onInit={(_event, editor) => {
        loaded.current = editor.getContent();
      }}
      onEditorChange={(html) => {
        if (html === loaded.current) return;
        loaded.current = null;
        onChange(html);
      }}
      init={{
        height: 280,
        menubar: false,
        toolbar_mode: 'wrap',
        branding: false,
        promotion: false,
        plugins: ['image', 'link', 'lists'],
        toolbar: 'undo redo | blocks | bold italic | bullist numlist | link image',
        iframe_aria_text: `${label}. Rich text area`,
        iframe_attrs: { title: `${label}. Rich text area` },
        automatic_uploads: true,
        image_uploadtab: true,
        relative_urls: false,
        convert_urls: false,
        images_file_types: 'png,jpg,jpeg,gif,webp',
        images_upload_handler: (blobInfo) => uploadImage(blobInfo.blob(), blobInfo.filename(), uploadUrl),
      }}
    />
  );
}
