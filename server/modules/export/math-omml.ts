import { mml2omml } from 'mathml2omml';
import temml from 'temml';

/**
 * LaTeX to a Word equation: temml makes MathML, mathml2omml makes it Office Math (OMML), the
 * markup Word's own equation editor writes. null when the LaTeX does not parse or the result is
 * not plain OMML; the caller then keeps the LaTeX as text.
 */

// Longer expressions are kept as text: a worksheet's equations are short, and the parse is not free.
const MAX_LATEX = 5_000;
/** Only Office Math elements (and the run properties inside them), never document markup. */
const allowedTag = /^(m:[A-Za-z]+|w:(rPr|rFonts|i|b|color|sz|szCs))$/;

export function latexToOmml(latex: string, display: boolean): string | null {
  const source = latex.trim();
  if (!source || source.length > MAX_LATEX) return null;
  try {
    const mathml = temml.renderToString(source, { displayMode: display, throwOnError: true, trust: false });
    // temml escapes text (&lt; &amp;); disableDecode keeps it escaped in the OMML instead of writing it raw.
    const omml = mml2omml(mathml, { disableDecode: true });
    if (!omml.startsWith('<m:oMath') || !omml.endsWith('</m:oMath>')) return null;
    for (const [, name] of omml.matchAll(/<\/?([^\s/>]+)/g)) if (!name || !allowedTag.test(name)) return null;
    return display ? `<m:oMathPara xmlns:m="http://schemas.openxmlformats.org/officeDocument/2006/math">${omml}</m:oMathPara>` : omml;
  } catch {
    return null;
  }
}
