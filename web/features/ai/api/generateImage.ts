import { generatedImage, type GenerateImageInput } from '../../../../contract/ai';
import { apiRequest } from '../../../lib/http';
import { useServerCall } from '../../../lib/useServerCall';

/**
 * Generates one image for a run of a DocBot that allows images; the key makes a double submit one
 * image. Errors: 403 images_not_allowed, 429 quota_exceeded (fields.resetsAt), 503 ai_not_configured.
 */
export function generateImage(input: GenerateImageInput) {
  return apiRequest('/api/images', generatedImage, { method: 'POST', body: input });
}

/** Where a generated image is served to its owner: it is a file like any other. */
export const imageUrl = (fileId: string) => `/api/files/${encodeURIComponent(fileId)}`;

/** generateImage as a hook, for components. */
export const useGenerateImage = () => useServerCall(generateImage);
