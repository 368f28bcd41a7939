import { extractText, getDocumentProxy } from 'unpdf';

/** The text of a PDF, its pages joined by newlines, as a PDF reader extracts it (pdf.js through unpdf). */
export async function pdfText(pdf: Buffer): Promise<string> {
  const document = await getDocumentProxy(new Uint8Array(pdf));
  const { text } = await extractText(document, { mergePages: false });
  return text.join('\n');
}

/** How many pages a PDF has. */
export async function pdfPageCount(pdf: Buffer): Promise<number> {
  const document = await getDocumentProxy(new Uint8Array(pdf));
  return document.numPages;
}
