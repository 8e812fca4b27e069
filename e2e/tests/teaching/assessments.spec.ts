// Assessments of issue 15: a campus's academic staff records a student's assessment on a scale
// (/education/adminAssessmentNew: the scale's items scored, the total shown as typed, submitted) and
// finds it in the assessment list (/education/adminAssessment), submitted with its total.
import { expect, test } from '../../fixtures/auth';
import { pick } from '../../fixtures/combobox';

test('an assessment recorded on a scale is listed with its total', async ({ page, signIn, sdkAs }) => {
  const admin = await sdkAs('admin');
  const [pupil] = await admin.teaching.planOrders({ query: { schoolItemCode: 'SH01' } });
  if (!pupil) throw new Error('the demo data has a SH01 student');

  await signIn('director', { to: '/education/adminAssessmentNew' });
  await pick(page, '学员', pupil.studentCode);
  await page.getByLabel('评估量表').selectOption({ label: '语言发育评估量表' });
  await page.getByLabel('语言理解 得分（0–30）').fill('20');
  await page.getByLabel('语言表达 得分（0–30）').fill('12');
  await page.getByLabel('构音清晰度 得分（0–20）').fill('15');
  await page.getByLabel('语用能力 得分（0–20）').fill('10');
  await expect(page.getByText('总分：57')).toBeVisible();
  await page.getByRole('button', { name: '提交评估', exact: true }).click();

  await expect(page).toHaveURL(/\/education\/adminAssessment$/);
  // The list's own filter bar: the form's tab stays open (hidden) with a student field of its own.
  const filters = page.getByRole('search', { name: '查询' });
  await filters.getByLabel('学员', { exact: true }).fill(pupil.studentCode);
  await filters.getByRole('button', { name: '查询', exact: true }).click();
  const row = page.getByRole('row').filter({ hasText: '语言发育评估量表' }).first();
  await expect(row).toContainText(pupil.studentName);
  await expect(row).toContainText('已提交');
  await expect(row).toContainText('57');
});
