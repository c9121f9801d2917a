// The export module's front door: the only file other server code imports from this module.
export { docxResponse } from './export.service';
export { docxFileName, markdownToDocx, parseMarkdown } from './markdown-docx';
