/**
 * Keeps student identity away from the provider: the student's name (whole and each part) and
 * e-mail from the app's records, and anything shaped like an e-mail address or phone number,
 * become placeholders. The stored message keeps the original for the teacher.
 */
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
// A match starts only where a run of address characters starts: with `\b` it could start at every
// dot of a long "a.a.a…" run and scan to its end each time (0.7 s for a 20,000-character message).
const emailPattern = /(?<![\w.+-])[\w.+-]+@[\w-]+(\.[\w-]+)+\b/g;
const phonePattern =
  /(\+\d{1,3}[\s.-]?)?(\(\d{3}\)\s?|\b\d{3}[\s.-])\d{3}[\s.-]\d{4}\b|\+\d{1,3}[\s(]*\d{1,4}[\s)]*\d{3,4}[\s.-]?\d{3,4}\b/g;

export type Redactor = (text: string) => string;

export function createRedactor(student: { name: string; email: string; aliases?: string[] } | undefined): Redactor {
  const given = student ? [student.name, student.email, ...(student.aliases ?? [])].map((v) => v.trim()).filter(Boolean) : [];
  const emails = [...new Set(given.filter((v) => v.includes('@')).map((v) => v.toLowerCase()))];
  const names = [...new Set(given.filter((v) => !v.includes('@')).flatMap((n) => [n, ...n.split(/\s+/)]))]
    .map((n) => n.trim())
    .filter((n) => n.length >= 2)
    .sort((a, b) => b.length - a.length);
  const namePattern = names.length ? new RegExp(`(?<![\\p{L}\\p{N}])(${names.map(escape).join('|')})(?![\\p{L}\\p{N}])`, 'giu') : undefined;
  return (text) => {
    let out = text;
    for (const email of emails) out = out.replace(new RegExp(escape(email), 'gi'), '[email]');
    out = out.replace(emailPattern, '[email]').replace(phonePattern, '[phone]');
    if (namePattern) out = out.replace(namePattern, '[Student]');
    return out;
  };
}
