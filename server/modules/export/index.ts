// The export module's front door: the only file other server code imports from this module.
export { docxAttachment, docxResponse } from './export.service';
export { docxFileName, docxUnicodeFileName, markdownToDocx, parseMarkdown } from './markdown-docx';
