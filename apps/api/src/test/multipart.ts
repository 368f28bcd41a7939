/** A file part of a test form; `field` defaults to the profile form's `image`. */
export type Upload = { data: Buffer; filename: string; type: string; field?: string };

/** A multipart/form-data body as a browser's FormData would send it, for `app.inject`. */
export async function formBody(fields: Record<string, unknown>, ...files: Upload[]) {
  const data = new FormData();
  // Missing fields are left out; arrays and objects travel as JSON text, as the admin book form sends them.
  for (const [name, value] of Object.entries(fields))
    if (value !== undefined) data.append(name, typeof value === 'string' ? value : JSON.stringify(value));
  for (const file of files)
    data.append(file.field ?? 'image', new Blob([new Uint8Array(file.data)], { type: file.type }), file.filename);
  const encoded = new Response(data);
  return {
    payload: Buffer.from(await encoded.arrayBuffer()),
    contentType: encoded.headers.get('content-type')!,
  };
}
