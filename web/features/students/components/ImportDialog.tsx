import { useState, type ChangeEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Typography from '@mui/material/Typography';
import type { ClassSummary, ImportRosterResult } from '../../../../contract/classes';
import {
  canImport as importable,
  classesToCreate,
  importBlocked,
  parseOneRoster,
  parseRosterCsv,
  rosterClassKey,
  type RosterImportPreview,
  type RosterImportRow,
} from '../../../../contract/roster';
import { classListQuery, useImportRoster } from '../api/classes';
import { ApiError } from '../../../lib/http';
import { useMe } from '../../../lib/session/getMe';
import { useT, validationText } from '../../../lib/i18n';

const ONEROSTER = ['users.csv', 'classes.csv', 'enrollments.csv'] as const;
/** Between a group's heading and its "new class" chip. */
const space = ' ';

/** Rows grouped by the class they name (name and period), in file order. */
function groupByClass(rows: RosterImportRow[]) {
  const groups = new Map<string, { className: string | null; period: string | null; rows: RosterImportRow[] }>();
  for (const row of rows) {
    const key = `${(row.className ?? '').toLowerCase()}\u0000${(row.period ?? '').toLowerCase()}`;
    const group = groups.get(key) ?? { className: row.className, period: row.period, rows: [] };
    group.rows.push(row);
    groups.set(key, group);
  }
  return [...groups.values()];
}

/**
 * Import: a class list CSV or the three OneRoster files, read here with contract/roster; the
 * preview shows every row to add and every bad row before POST /api/classes/import writes.
 */
export function ImportDialog({
  target,
  onClose,
  onImported,
}: {
  target: ClassSummary | null;
  onClose: () => void;
  onImported: () => void;
}) {
  const t = useT();
  const importRoster = useImportRoster();
  const me = useMe();
  const classes = useQuery(classListQuery());
  const [preview, setPreview] = useState<RosterImportPreview | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [skipBad, setSkipBad] = useState(false);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<ImportRosterResult | null>(null);

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    event.target.value = '';
    setPreview(null);
    setResult(null);
    setProblem(null);
    setSkipBad(false);
    if (files.length === 0) return;
    if (files.length === 1) {
      setPreview(parseRosterCsv(await files[0]!.text()));
      return;
    }
    const byName = new Map(files.map((f) => [f.name.toLowerCase(), f]));
    const [users, classes, enrollments] = ONEROSTER.map((n) => byName.get(n));
    if (!users || !classes || !enrollments) {
      setProblem(t('students.import.needsThree'));
      return;
    }
    const texts = await Promise.all([users.text(), classes.text(), enrollments.text()]);
    setPreview(parseOneRoster({ users: texts[0], classes: texts[1], enrollments: texts[2] }, me.data?.email ?? ''));
  };

  const send = async () => {
    if (!preview) return;
    setBusy(true);
    setProblem(null);
    try {
      const answer = await importRoster({
        rows: preview.rows.map(({ line, email, name, className, period }) => ({ line, email, name, className, period })),
        ...(target ? { classId: target.id } : {}),
        ...(skipBad ? { skipBadRows: true } : {}),
      });
      setResult(answer);
      if (answer.written) onImported();
      else setPreview(answer.preview);
    } catch (err) {
      setProblem(err instanceof ApiError ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };

  const bad = preview?.errors ?? [];
  const count = preview?.rows.length ?? 0;
  const blocked = preview ? importBlocked(preview) : false;
  const canImport = preview !== null && importable(preview, skipBad) && !busy && !result?.written;
  // Which groups make a class: the rows' classes the teacher does not have yet (the server decides the same way).
  const toMake = new Set(
    preview && classes.data ? classesToCreate(preview.rows, classes.data.classes).map((c) => rosterClassKey(c.className, c.period)) : [],
  );

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" scroll="paper">
      <DialogTitle>{t('students.import.title')}</DialogTitle>
      <DialogContent dividers>
        {result?.written ? (
          <Alert severity="success" role="status">
            {t('students.import.done', { added: result.added, already: result.alreadyOnRoster, classes: result.classesCreated.length })}
          </Alert>
        ) : (
          <>
            <Typography sx={{ mb: 2 }}>{t('students.import.intro')}</Typography>
            <Button variant="outlined" component="label">
              {t('students.import.chooseFiles')}
              <input hidden type="file" accept=".csv,text/csv" multiple onChange={(e) => void choose(e)} data-testid="import-files" />
            </Button>
            {problem && (
              <Alert severity="error" sx={{ mt: 2 }}>
                {problem}
              </Alert>
            )}
            {result && !result.written && (
              <Alert severity="warning" sx={{ mt: 2 }}>
                {t('students.import.notWritten')}
              </Alert>
            )}
            {preview && (
              <Box sx={{ mt: 2 }}>
                <Typography variant="h6" component="h3">
                  {t('students.import.read', { count })}
                </Typography>
                {toMake.size > 0 && (
                  <Typography color="text.secondary">{t('students.import.newClasses', { count: toMake.size })}</Typography>
                )}
                {groupByClass(preview.rows).map((g) => (
                  <Box key={`${g.className}-${g.period}`} component="section" sx={{ mt: 1 }}>
                    <Typography variant="subtitle1" component="h4" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                      {t('students.import.group', {
                        name: g.className
                          ? [g.className, g.period].filter(Boolean).join(' · ')
                          : target
                            ? t('students.import.noClass', { name: target.name })
                            : t('students.import.noClassNoTarget'),
                        count: g.rows.length,
                      })}
                      {g.className !== null && toMake.has(rosterClassKey(g.className, g.period)) && (
                        <>
                          {space}
                          <Chip
                            size="small"
                            color="info"
                            variant="outlined"
                            label={t('students.import.newClass')}
                            sx={{ ml: 1, fontWeight: 600 }}
                          />
                        </>
                      )}
                    </Typography>
                    <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
                      {g.rows.map((r) => (
                        <li key={r.line} style={{ overflowWrap: 'anywhere' }}>
                          {r.name ? t('students.import.row', { name: r.name, email: r.email }) : r.email}
                        </li>
                      ))}
                    </Box>
                  </Box>
                ))}
                {blocked ? (
                  <Alert severity="error" sx={{ mt: 2 }}>
                    {validationText(bad.find((e) => e.code === 'too_many_rows')?.reason ?? '')}
                  </Alert>
                ) : (
                  bad.length > 0 && (
                    <>
                      <Alert severity="warning" sx={{ mt: 2 }}>
                        <Typography component="h4" sx={{ fontWeight: 600 }}>
                          {t('students.import.badHeading', { count: bad.length })}
                        </Typography>
                        <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
                          {bad.map((e, i) => (
                            <li key={i} style={{ overflowWrap: 'anywhere' }}>
                              {t('students.import.badRow', {
                                where:
                                  e.line === null
                                    ? (e.file ?? t('students.import.wholeFile'))
                                    : e.file
                                      ? t('students.import.lineInFile', { file: e.file, line: e.line })
                                      : t('students.import.line', { line: e.line }),
                                reason: validationText(e.reason),
                              })}
                            </li>
                          ))}
                        </Box>
                      </Alert>
                      {count > 0 && (
                        <FormControlLabel
                          sx={{ mt: 1 }}
                          control={<Checkbox checked={skipBad} onChange={(e) => setSkipBad(e.target.checked)} />}
                          label={t('students.import.skipBad')}
                        />
                      )}
                    </>
                  )
                )}
              </Box>
            )}
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.close')}</Button>
        {!result?.written && (
          <Button variant="contained" disabled={!canImport} onClick={() => void send()}>
            {t('students.import.go', { count })}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
