import type { MyAssignment } from '../../contract/assignments';

/** A student's assignment as GET /api/my-assignments lists it: open, not started, no due date; `over` changes what a test is about. */
export function myAssignment(over: Partial<MyAssignment> = {}): MyAssignment {
  return {
    id: 'rec-1',
    assignmentId: 'asg-1',
    title: 'Cells and membranes',
    instructions: '',
    dueAt: null,
    status: 'assigned',
    late: false,
    closed: false,
    teacherName: 'Ms Rivera',
    feedback: '',
    feedbackAt: null,
    bot: {
      id: 'bot-1',
      uid: 'u1',
      sid: 'none',
      name: 'Cell Tutor',
      icon: { type: 'emoji', emoji: '🧪' },
      welcomeMessage: '',
      starterPrompts: [],
    },
    conversationId: null,
    messageBudget: null,
    messagesUsed: 0,
    lastActiveAt: null,
    ...over,
  };
}
