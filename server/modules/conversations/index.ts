// The conversations module's front door: the only file other server code imports from this module.
export { attachReply } from './conversations.attach';
export { checkpointWriter } from './conversations.checkpoints';
export { claimHeldTurns, recheckHeldTurn, type HeldTurnRun } from './conversations.held';
export { teacherAiActorOf, type TeacherAiActor } from './conversations.policy';
export { presentConversation, presentMessage } from './conversations.presenter';
export { replayReply } from './conversations.replay';
export { conversationRoutes } from './conversations.routes';
export { preflight, sendMessage, sendWindow, type RunHooks } from './conversations.run';
export { alertAfter, type StudentRecordRef } from './conversations.safety';
export { messageWindow, messagesFromJson } from './conversations.send-sql';
export { getConversation, retryReply, startLeaseSweep, startupSweep, stopReply, type SendBots } from './conversations.service';
export {
  INPUT_BLOCKED,
  findConversation,
  insertFlag,
  visibleMessages,
  type ConversationRow,
  type RunBot,
  type TurnGuard,
} from './conversations.store';
export { watchReplies } from './conversations.relay';
