// The resources feature's front door: what other features may use (docs/decisions/284-web-feature-front-doors.md).
export { savedListQuery, useReopenedItem, useSaveImage, useSaveToSavedDocs, type SaveState } from './api';
export { ExportMenu } from './components/ExportMenu';
