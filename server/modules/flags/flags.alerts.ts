import type { AppDeps } from '../../lib/context';

/**
 * Placeholder until the flags module lands (issue 16 item 2): called after a flag is stored
 * (outside its transaction); tells the teacher's live stream and, for self-harm, the school's admins.
 */
export async function alertFlag(_deps: AppDeps, _flagId: string): Promise<void> {}
