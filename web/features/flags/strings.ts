/** The words of a flag a student made with "Report this answer" (issue 18), as the teacher reads it. */
export const reportedFlagStrings = {
  chip: 'Reported by the student',
  detectedBy: 'the student (Report this answer)',
  studentSaid: (reason: string) => `The student said: ${reason}`,
};
