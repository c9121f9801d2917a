// Behaviour: My Students lets a premium teacher make a class, add students one at a time or by a pasted list (bare addresses named from the address; a bad line is shown with why and left in the box while the others are added), remove one, and show a join code; it fits 360 px in both themes (the journey at 1280 px dark; a pasted list and the join code render-only at the other widths and themes); a free teacher is refused; Import previews a CSV before writing, marks the classes it would make and refuses a file over 2,000 rows; a student's join message names the section.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { contextAs, openAndSettle, trackErrors, useBrowser } from '../fixtures/browser';
import { accessible, PHONE, shoot, token } from '../fixtures/checks';
import { waitForMail } from '../fixtures/mail';
import { scrollsSideways, transitionsDone } from '../fixtures/ui';

const getBrowser = useBrowser();

async function newClass(page: Page, name: string) {
  await page.getByRole('button', { name: 'New class' }).click();
  const dialog = page.getByRole('dialog', { name: 'New class' });
  await dialog.getByRole('textbox', { name: 'Class name' }).fill(name);
  await dialog.getByRole('textbox', { name: 'Period or section (optional)' }).fill('P3');
  await dialog.getByRole('button', { name: 'Create class' }).click();
  await page.getByRole('heading', { level: 2, name: `${name} · P3` }).waitFor();
}

/** Two bare addresses, one named line and one bad line (line 3). */
const pastedList = (t: string) =>
  `ben.okafor+${t}@school.test\nCy Lee <cy.${t}@school.test>\ndee.${t}@school, Dee\nmaria.lopez+${t}@school.test`;

describe('My Students', () => {
  it('builds a class roster at 1280 px (dark): add, paste with bare addresses and a bad line, remove, join code', async () => {
    const width = 1280;
    const theme = 'dark';
    const context = await contextAs(getBrowser(), 'premiumTeacher', { width, bypassCSP: true, theme });
    const page = await context.newPage();
    const errors = trackErrors(page);
    const t = token();
    const name = `Biology ${t}`;
    await openAndSettle(page, '/mystudents');
    await newClass(page, name);
    const classList = page.getByRole('list', { name: 'Your classes' });
    await classList.getByRole('button', { name: new RegExp(`${name}.*0 students`) }).waitFor();

    // One student by hand.
    const addForm = page.getByRole('form', { name: 'Add a student' });
    await addForm.getByRole('textbox', { name: 'E-mail' }).fill(`ana.${t}@school.test`);
    await addForm.getByRole('textbox', { name: 'Name' }).fill('Ana Ruiz');
    await addForm.getByRole('button', { name: 'Add' }).click();
    const roster = page.getByRole('list', { name: `Students in ${name}` });
    await roster.getByText(`ana.${t}@school.test`).waitFor();
    await roster.getByText('Not signed in yet').waitFor();

    // A pasted list: two bare addresses, a named one and a bad line. The bad line is shown with
    // why and does not hold back the others; after adding, it stays in the box to be fixed.
    const paste = page.getByRole('textbox', { name: 'Students, one a line' });
    await paste.fill(pastedList(t));
    const bad = page.getByRole('alert').filter({ hasText: 'This line will not be added (the others can be)' });
    await bad.getByText(/Line 3 .*This is not an e-mail address\./).waitFor();
    await page.getByRole('button', { name: 'Add 3 students' }).click();
    await roster.getByText(`cy.${t}@school.test`).waitFor();
    for (const who of ['Ben Okafor', 'Maria Lopez', 'Cy Lee']) await roster.getByText(who, { exact: true }).waitFor();
    await classList.getByRole('button', { name: new RegExp(`${name}.*4 students`) }).waitFor();
    expect(await paste.inputValue()).toBe(`dee.${t}@school, Dee`);
    await bad.getByText(/Line 1 .*This is not an e-mail address\./).waitFor();
    await page
      .getByText('3 students added. 3 invitations are on their way. 1 line was not added: it is left in the box with why.')
      .waitFor();
    // Each added student is e-mailed how to sign in (the box is ticked by default).
    const invitation = await waitForMail(`cy.${t}@school.test`, new RegExp(`added you to ${name}`));
    expect(invitation.body).toContain(`the class ${name} · P3 on ClassBots`);
    expect(invitation.body).toContain(`cy.${t}@school.test`);
    await accessible(page, width);
    await shoot(page, `my-students-paste-bad-${width}-${theme}`);
    await paste.fill('');

    // Send again from the roster row.
    await roster.getByRole('button', { name: 'Send invitation to Ana Ruiz' }).click();
    await page.getByText('Invitation sent to Ana Ruiz.').waitFor();
    await waitForMail(`ana.${t}@school.test`, /added you to/, 2);

    // Remove one, after confirming.
    await roster.getByRole('button', { name: 'Remove Ben Okafor' }).click();
    await page.getByRole('dialog', { name: 'Remove Ben Okafor from this class?' }).getByRole('button', { name: 'Remove' }).click();
    await expect.poll(() => roster.getByText(`ben.${t}@school.test`).count()).toBe(0);
    await classList.getByRole('button', { name: new RegExp(`${name}.*3 students`) }).waitFor();

    // Join code: on shows a code to read out; a new one differs; off hides it.
    await page.getByRole('button', { name: 'Turn on join code' }).click();
    const code = page.getByLabel('Join code', { exact: true }).filter({ hasText: /^[A-Z0-9]{4,16}$/ });
    await code.waitFor();
    const first = await code.textContent();
    await page.getByRole('button', { name: 'Make a new code' }).click();
    await expect.poll(() => code.textContent()).not.toBe(first);
    await accessible(page, width);
    await shoot(page, `my-students-join-code-${width}`);
    // The printable sheet carries the same code and the steps.
    await page.getByRole('button', { name: 'Print a join sheet' }).click();
    const sheet = page.getByRole('dialog', { name: 'Join sheet' });
    await sheet.getByText(`Join ${name} · P3 on ClassBots`).waitFor();
    await sheet.getByText((await code.textContent())!, { exact: true }).waitFor();
    await accessible(page, width);
    await page.keyboard.press('Escape');
    await sheet.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Turn off' }).click();
    await page.getByRole('button', { name: 'Turn on join code' }).waitFor();

    // Delete the class, after confirming.
    await page.getByRole('button', { name: 'Delete class' }).click();
    await page
      .getByRole('dialog', { name: `Delete “${name}”?` })
      .getByRole('button', { name: 'Delete' })
      .click();
    await expect.poll(() => classList.getByRole('button', { name: new RegExp(name) }).count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  // Render-only: a pasted list with a bad line (and at 360 px the join code) at the other widths and themes.
  for (const { width, theme } of [
    { width: 1280, theme: 'light' },
    { width: PHONE, theme: 'light' },
    { width: PHONE, theme: 'dark' },
  ] as const) {
    it(`shows a pasted list with a bad line in the ${theme} theme at ${width} px`, async () => {
      const context = await contextAs(getBrowser(), 'premiumTeacher', { width, bypassCSP: true, theme });
      const page = await context.newPage();
      await openAndSettle(page, '/mystudents');
      await newClass(page, `Paste ${token()}`);
      await page.getByRole('textbox', { name: 'Students, one a line' }).fill(pastedList(token()));
      await page
        .getByRole('alert')
        .getByText(/Line 3 .*This is not an e-mail address\./)
        .waitFor();
      expect(await page.getByRole('button', { name: 'Add 3 students' }).isEnabled()).toBe(true);
      await accessible(page, width);
      await shoot(page, `my-students-paste-bad-${width}-${theme}`);
      await page.getByRole('textbox', { name: 'Students, one a line' }).fill('');
      if (width === PHONE) {
        await page.getByRole('button', { name: 'Turn on join code' }).click();
        await page
          .getByLabel('Join code', { exact: true })
          .filter({ hasText: /^[A-Z0-9]{4,16}$/ })
          .waitFor();
        await accessible(page, width);
        await shoot(page, `my-students-join-code-${width}-${theme}`);
      }
      await context.close();
    });
  }

  it('asks before leaving with a pasted list not yet added', async () => {
    const context = await contextAs(getBrowser(), 'premiumTeacher');
    const page = await context.newPage();
    await openAndSettle(page, '/mystudents');
    await newClass(page, `Leave ${token()}`);
    await page.getByRole('textbox', { name: 'Students, one a line' }).fill('x@school.test, X');
    await page.getByRole('link', { name: 'Saved Docs' }).first().click();
    const leave = page.getByRole('dialog', { name: 'Leave without saving?' });
    await leave.getByText('The list you pasted is not added yet.', { exact: false }).waitFor();
    await leave.getByRole('button', { name: 'Stay' }).click();
    expect(new URL(page.url()).pathname).toBe('/mystudents');
    await context.close();
  });

  it('explains what a class is for when the teacher has none (light theme)', async () => {
    // The school teacher (premium through the school licence) makes no classes in any spec.
    const context = await contextAs(getBrowser(), 'schoolTeacher');
    const page = await context.newPage();
    await openAndSettle(page, '/mystudents');
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('button', { name: 'Switch to light theme' }).click();
    await page.getByRole('heading', { level: 2, name: 'No classes yet' }).waitFor();
    await page.getByText('A class is a list of your students.', { exact: false }).waitFor();
    await page.setViewportSize({ width: 360, height: 800 });
    await expect.poll(() => scrollsSideways(page)).toBe(false);
    await transitionsDone(page);
    await shoot(page, 'my-students-empty-360');
    await context.close();
  });

  it('refuses a free teacher', async () => {
    const context = await contextAs(getBrowser(), 'freeTeacher');
    const page = await context.newPage();
    await openAndSettle(page, '/mystudents');
    expect(await page.getByRole('button', { name: 'New class' }).count()).toBe(0);
    await context.close();
  });

  it('previews a OneRoster export and a CSV in the browser before anything is sent', async () => {
    const context = await contextAs(getBrowser(), 'premiumTeacher', { width: 360 });
    const page = await context.newPage();
    const errors = trackErrors(page);
    const posts: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/classes/import') posts.push(r.url());
    });
    await openAndSettle(page, '/mystudents');
    await page.getByRole('button', { name: 'Import' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import students' });
    const file = (name: string, text: string) => ({ name, mimeType: 'text/csv', buffer: Buffer.from(text) });
    const users =
      'sourcedId,status,enabledUser,orgSourcedIds,role,username,userIds,givenName,familyName,middleName,identifier,email,sms,phone,agentSourcedIds,grades,password\n' +
      't1,active,true,o1,teacher,pat,,Pat,Premium,,,premium@classbots.test,,,,,\n' +
      's1,active,true,o1,student,al,,Al,Ng,,,al@school.test,,,,,\n' +
      's2,active,true,o1,student,bo,,Bo,Ek,,,,,,,,\n';
    const classes =
      'sourcedId,status,dateLastModified,title,grades,courseSourcedId,classCode,classType,location,schoolSourcedId,termSourcedIds,subjects,subjectCodes,periods\n' +
      'c1,active,,Physics,,,,scheduled,,o1,,,,2\n';
    const enrollments =
      'sourcedId,status,dateLastModified,classSourcedId,schoolSourcedId,userSourcedId,role,primary,beginDate,endDate\n' +
      'e0,active,,c1,o1,t1,teacher,true,,\ne1,active,,c1,o1,s1,student,false,,\ne2,active,,c1,o1,s2,student,false,,\n';
    await dialog
      .getByTestId('import-files')
      .setInputFiles([file('users.csv', users), file('classes.csv', classes), file('enrollments.csv', enrollments)]);
    await dialog.getByText('1 student to add').waitFor();
    await dialog.getByRole('heading', { name: /^Physics · 2 \(1\) new class$/ }).waitFor();
    await dialog.getByText('The import makes 1 new class.').waitFor();
    await dialog.getByText('Al Ng <al@school.test>').waitFor();
    await dialog.getByText('1 row cannot be added').waitFor();
    await dialog.getByText('users.csv line 4: The e-mail address is missing.').waitFor();
    expect(await dialog.getByRole('button', { name: 'Import 1 student' }).isDisabled()).toBe(true);
    await dialog.getByRole('checkbox', { name: 'Import the good rows and leave out the bad ones' }).check();
    expect(await dialog.getByRole('button', { name: 'Import 1 student' }).isEnabled()).toBe(true);
    await transitionsDone(page);
    await shoot(page, 'my-students-import-preview-360');
    expect(await scrollsSideways(page)).toBe(false);

    await dialog
      .getByTestId('import-files')
      .setInputFiles(file('class.csv', 'email,name,class\nx@school.test,Xu,Art\ny@school.test,Yo,Art\n'));
    await dialog.getByText('2 students to add').waitFor();
    expect(await dialog.getByText('cannot be added').count()).toBe(0);

    // Over 2,000 rows: refused as a whole, with the count and how to split; nothing can be imported.
    const big = Array.from({ length: 2001 }, (_, i) => `s${i}@school.test,S,Art`).join('\n');
    await dialog.getByTestId('import-files').setInputFiles(file('big.csv', `email,name,class\n${big}\n`));
    await dialog.getByText('One import takes at most 2,000 students, and this one has 2,001.', { exact: false }).waitFor();
    await dialog.getByText('0 students to add').waitFor();
    expect(await dialog.getByRole('checkbox').count()).toBe(0);
    expect(await dialog.getByRole('button', { name: /^Import \d+ students?$/ }).isDisabled()).toBe(true);
    expect(posts).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('imports a class list CSV after a preview with its bad row', async () => {
    const context = await contextAs(getBrowser(), 'premiumTeacher');
    const page = await context.newPage();
    const t = token();
    await openAndSettle(page, '/mystudents');
    await page.getByRole('button', { name: 'Import' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import students' });
    const csv = `email,name,class\nimp1.${t}@school.test,Ivy One,Chem ${t}\nimp2.${t}@school.test,Ivo Two,Chem ${t}\nnot-an-address,Bad Row,Chem ${t}\n`;
    await dialog.getByTestId('import-files').setInputFiles({ name: 'class.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await dialog.getByText('2 students to add').waitFor();
    await dialog.getByRole('heading', { name: `Chem ${t} (2) new class` }).waitFor();
    await dialog.getByText(/Line 4: This is not an e-mail address\./).waitFor();
    const go = dialog.getByRole('button', { name: 'Import 2 students' });
    expect(await go.isDisabled()).toBe(true);
    await dialog.getByRole('checkbox', { name: 'Import the good rows and leave out the bad ones' }).check();
    await go.click();
    await dialog
      .getByRole('status')
      .getByText(/2 students added; 1 new class made/)
      .waitFor();
    await shoot(page, 'my-students-import-done');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await page
      .getByRole('list', { name: 'Your classes' })
      .getByRole('button', { name: new RegExp(`Chem ${t}.*2 students`) })
      .waitFor();
    await context.close();
  });

  it('a student joins a class with its code and appears on the roster; a code turned off is refused', async () => {
    const teacher = await contextAs(getBrowser(), 'premiumTeacher');
    const page = await teacher.newPage();
    const name = `Join ${token()}`;
    await openAndSettle(page, '/mystudents');
    await newClass(page, name);
    await page.getByRole('button', { name: 'Turn on join code' }).click();
    const code = (await page.getByTestId('join-code').innerText()).trim();
    expect(code).toMatch(/^[A-Z0-9]{8}$/);

    const student = await contextAs(getBrowser(), 'student', { width: 360 });
    const mine = await student.newPage();
    const errors = trackErrors(mine);
    await openAndSettle(mine, '/studentAssignments');
    const join = mine.getByRole('region', { name: 'Join a class' });
    await join.getByRole('textbox', { name: 'Class code' }).fill(code.toLowerCase());
    await join.getByRole('button', { name: 'Join' }).click();
    // The message names the section, so two sections of one class can be told apart.
    await join.getByRole('status').getByText(`You joined ${name} · P3 with `, { exact: false }).waitFor();
    expect(await scrollsSideways(mine)).toBe(false);

    await page.reload();
    await page
      .getByRole('list', { name: `Students in ${name}` })
      .getByText('student@classbots.test')
      .waitFor();

    await page.getByRole('button', { name: 'Turn off' }).click();
    await page.getByRole('button', { name: 'Turn on join code' }).waitFor();
    await join.getByRole('textbox', { name: 'Class code' }).fill(code);
    await join.getByRole('button', { name: 'Join' }).click();
    await join.getByRole('alert').getByText('That class code is not in use.', { exact: false }).waitFor();
    // The refused join is a 404 the page expects and explains.
    expect(errors.filter((e) => !e.includes('404'))).toEqual([]);
    await student.close();
    await teacher.close();
  });
});
