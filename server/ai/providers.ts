import { createGoogleGenerativeAI, type GoogleGenerativeAIProvider } from '@ai-sdk/google';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { AiConfig } from '../config';
import { httpFetch } from './http-fetch';
import { message } from '../lib/message';

/** The provider's language model interface (the AI SDK's LanguageModelV3). */
export type TextModel = ReturnType<GoogleGenerativeAIProvider['chat']>;
export type ImageModel = ReturnType<GoogleGenerativeAIProvider['image']>;
export type TextCallOptions = Parameters<TextModel['doStream']>[0];
export type ModelPrompt = TextCallOptions['prompt'];
export type StreamPart = Awaited<ReturnType<TextModel['doStream']>>['stream'] extends ReadableStream<infer P> ? P : never;

export type ProviderKind = 'gemini' | 'openai-compatible';

/** One configured provider: its models and the names of the settings that choose them. */
export interface AiProvider {
  kind: ProviderKind;
  textModelName: string;
  imageModelName: string | undefined;
  text: TextModel;
  image: ImageModel | undefined;
  /** The settings a person changes to fix a key or a model, for error messages. */
  settings: { key: string; textModel: string; imageModel: string; baseUrl: string };
}

/** A bare host given as GEMINI_BASE_URL means its /v1beta API root, as the real endpoint has. */
function geminiRoot(baseUrl: string): string {
  const u = new URL(baseUrl);
  const trimmed = u.pathname.replace(/\/+$/, '');
  return `${u.origin}${trimmed === '' ? '/v1beta' : trimmed}`;
}

/** Builds the provider chosen by the settings, or undefined when AI is not configured. */
export function createProvider(config: AiConfig): AiProvider | undefined {
  const p = config.provider;
  if (!p) return undefined;
  if (p.kind === 'gemini') {
    const google = createGoogleGenerativeAI({ apiKey: p.apiKey, baseURL: p.baseUrl ? geminiRoot(p.baseUrl) : undefined, fetch: httpFetch });
    return {
      kind: 'gemini',
      textModelName: p.textModel,
      imageModelName: p.imageModel,
      text: google.chat(p.textModel),
      image: google.image(p.imageModel),
      settings: { key: 'GEMINI_API_KEY', textModel: 'AI_TEXT_MODEL', imageModel: 'AI_IMAGE_MODEL', baseUrl: 'GEMINI_BASE_URL' },
    };
  }
  const compatible = createOpenAICompatible({ name: 'school', baseURL: p.baseUrl, apiKey: p.apiKey, includeUsage: true, fetch: httpFetch });
  return {
    kind: 'openai-compatible',
    textModelName: p.textModel,
    imageModelName: p.imageModel,
    text: compatible.chatModel(p.textModel),
    image: p.imageModel ? compatible.imageModel(p.imageModel) : undefined,
    settings: {
      key: 'OPENAI_COMPATIBLE_API_KEY',
      textModel: 'OPENAI_COMPATIBLE_MODEL',
      imageModel: 'OPENAI_COMPATIBLE_IMAGE_MODEL',
      baseUrl: 'OPENAI_COMPATIBLE_BASE_URL',
    },
  };
}

/** The one message every AI action shows when no provider is configured. */
export const notConfiguredMessage = message('aiNotConfiguredFull');
