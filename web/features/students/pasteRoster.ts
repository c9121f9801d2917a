import { newStudent, type NewStudent } from '../../../contract/classes';

/** A pasted line that cannot be added, with why in the teacher's words. */
export interface BadPasteLine {
  line: number;
  text: string;
  reason: string;
}

export interface PasteResult {
  students: NewStudent[];
  bad: BadPasteLine[];
}

const angle = /^(.*)<([^<>]*)>\s*$/;

/**
 * Reads pasted students, one a line: "email, name" (comma, semicolon or tab) or "name <email>".
 * Blank lines are skipped; every other line is a student or a bad line with its reason, so the
 * teacher sees every problem before anything is sent.
 */
export function parsePastedStudents(text: string): PasteResult {
  const students: NewStudent[] = [];
  const bad: BadPasteLine[] = [];
  const seen = new Set<string>();
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = index + 1;
    const trimmed = raw.trim();
    if (!trimmed) return;
    let email: string;
    let name: string;
    const bracket = angle.exec(trimmed);
    if (bracket) {
      name = bracket[1]!.trim().replace(/^"(.*)"$/, '$1');
      email = bracket[2]!.trim();
    } else {
      const cut = trimmed.search(/[,;\t]/);
      if (cut < 0) {
        const reason = trimmed.includes('@') ? 'Add the student’s name after a comma.' : 'Write “e-mail, name” or “name <e-mail>”.';
        bad.push({ line, text: trimmed, reason });
        return;
      }
      email = trimmed.slice(0, cut).trim();
      name = trimmed.slice(cut + 1).trim();
    }
    const parsed = newStudent.safeParse({ email, name });
    if (!parsed.success) {
      bad.push({ line, text: trimmed, reason: parsed.error.issues[0]?.message ?? 'This line cannot be read.' });
      return;
    }
    const key = parsed.data.email;
    if (seen.has(key)) {
      bad.push({ line, text: trimmed, reason: 'This e-mail address is on an earlier line too.' });
      return;
    }
    seen.add(key);
    students.push(parsed.data);
  });
  return { students, bad };
}
