/**
 * Audit trail end to end (issue 25): a material edited on its screen shows its changed fields
 * before → after in its History drawer, in English and in Chinese (labels, enumeration values and
 * reference codes, not ids); a user task's signature meanings set in the designer; an approval that
 * requires an electronic signature is refused with a wrong password and signed with the right one,
 * the signature shown in the flow chart's history and in the decided record's history; a batch audit
 * of signed tasks asks once and signs each.
 */
import { expect, test, type APIRequestContext, type FrameLocator, type Page } from '@playwright/test';
import { choose, dialog, search, toast } from './screens';
import { DEMO, login, token, watchConsole } from './support';

async function api(
  request: APIRequestContext,
  page: Page,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  data?: unknown,
) {
  const res = await request.fetch(url, { method, headers: { authorization: `Bearer ${await token(page)}` }, data });
  expect(res.status(), `${method} ${url}: ${await res.text()}`).toBe(200);
  return (await res.json()).data;
}

async function materials(page: Page, lang: string): Promise<FrameLocator> {
  await page.goto(`/${lang}/basic/material`);
  const frame = page.frameLocator('[data-testid="frame-basic"]');
  await expect(frame.getByTestId('page-material')).toBeVisible();
  await search(frame, 'name', 'History sensor');
  return frame;
}

/** The feedback process with one task for the administrator that requires a signature. */
const SIGNED = `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:mes="http://mes-portal.local/schema/bpmn" id="d_feedback_signed" targetNamespace="t">
  <process id="feedback" isExecutable="true">
    <startEvent id="start" /><sequenceFlow id="f1" sourceRef="start" targetRef="release" />
    <userTask id="release" name="Release decision" mes:assignee="user:admin" mes:signature="approved reviewed" />
    <sequenceFlow id="f2" sourceRef="release" targetRef="end" /><endEvent id="end" />
  </process>
</definitions>`;

test.describe('audit trail', () => {
  test('a material edited on its screen shows what changed, before → after, in English and Chinese', async ({
    page,
    request,
  }) => {
    const errors = watchConsole(page);
    await login(page, 'en');
    const units = (await api(request, page, 'GET', '/api/basic-system/material/options/basicUnitId?size=50')) as {
      id: string;
      code: string;
    }[];
    const pcs = units.find((u) => u.code === 'PCS')!;
    await api(request, page, 'POST', '/api/basic-system/material', {
      code: 'E2E-HIST-01',
      name: 'History sensor',
      type: 'raw',
      basicUnitId: pcs.id,
    });

    let frame = await materials(page, 'en');
    const row = frame.getByTestId('resource-table').locator('tr', { hasText: 'E2E-HIST-01' });
    await row.getByTestId('row-edit').click();
    // The dialog reads the row the server holds now: change it once it is there.
    await expect(frame.getByTestId('form-name')).toHaveValue('History sensor');
    await frame.getByTestId('form-name').fill('History sensor v2');
    await choose(frame, 'form-type', 'Semi-finished');
    await choose(frame, 'form-basicUnitId', 'Kilogram', 'KG');
    await frame.getByTestId('dialog-ok').click();
    await expect(dialog(frame)).toBeHidden();

    await row.getByTestId('row-history').click();
    const drawer = frame.getByTestId('history-drawer');
    await expect(drawer.getByTestId('history-entry')).toHaveCount(2);
    const edit = drawer.getByTestId('history-entry').first();
    await expect(edit).toHaveAttribute('data-action', 'update');
    await expect(edit.getByTestId('history-action')).toHaveText('Changed');
    await expect(edit.getByTestId('history-who')).toHaveText(DEMO.account);
    const change = (field: string) => edit.locator(`[data-field="${field}"] td`);
    await expect(change('name')).toHaveText(['Material name', 'History sensor', 'History sensor v2']);
    await expect(change('type')).toHaveText(['Type', 'Raw material', 'Semi-finished']);
    await expect(change('basicUnitId')).toHaveText(['Basic unit', `PCS Piece`, `KG Kilogram`]);
    await expect(drawer).not.toContainText(pcs.id);
    await expect(drawer.getByTestId('history-entry').nth(1)).toHaveAttribute('data-action', 'create');

    frame = await materials(page, 'zh-CN');
    await frame
      .getByTestId('resource-table')
      .locator('tr', { hasText: 'E2E-HIST-01' })
      .getByTestId('row-history')
      .click();
    const zh = frame.getByTestId('history-drawer').getByTestId('history-entry').first();
    await expect(zh.getByTestId('history-action')).toHaveText('修改');
    await expect(zh.locator('[data-field="name"] td')).toHaveText(['物料名称', 'History sensor', 'History sensor v2']);
    await expect(zh.locator('[data-field="type"] td')).toHaveText(['物料类型', '原材料', '半成品']);
    await expect(zh.locator('[data-field="basicUnitId"] td').first()).toHaveText('基本单位');
    expect(errors).toEqual([]);
  });

  test('an approval is signed with the password again: refused when wrong, stored and shown when right', async ({
    page,
    request,
  }) => {
    const errors = watchConsole(page);
    await login(page, 'en');
    const list = await api(request, page, 'GET', '/api/flow-system/model?keyword=feedback');
    const model = list.records.find((m: { key: string }) => m.key === 'feedback');
    const before = await api(request, page, 'GET', `/api/flow-system/model/${model.id}`);
    await api(request, page, 'PUT', `/api/flow-system/model/${model.id}`, {
      name: before.name,
      description: before.description,
      xml: SIGNED,
    });
    await api(request, page, 'POST', `/api/flow-system/model/${model.id}/deploy`);
    await api(request, page, 'POST', `/api/flow-system/model/${model.id}/publish`, {});
    try {
      // The designer shows the task's meanings and sets them on the task.
      await page.goto('/en/flow/model');
      const models = page.frameLocator('[data-testid="frame-platform"]');
      await models.getByTestId('model-actions-feedback').getByTestId('model-design').click();
      await models.locator('[data-element-id="release"]').click();
      const meanings = models.getByTestId('signature-meanings');
      await expect(meanings.locator('.arco-checkbox-checked')).toHaveText(['Approved', 'Reviewed']);
      await meanings.locator('.arco-checkbox', { hasText: 'Responsible' }).click();
      await models.getByTestId('designer-save').click();
      await expect(toast(page, 'Draft saved')).toBeVisible();
      expect((await api(request, page, 'GET', `/api/flow-system/model/${model.id}`)).xml).toContain(
        'mes:signature="approved reviewed responsible"',
      );

      const res = await request.post('/api/platform-system/feedback/save', {
        headers: { authorization: `Bearer ${await token(page)}` },
        multipart: { description: 'Signed release of lot 42' },
      });
      expect(res.status()).toBe(200);

      const tasks = page.frameLocator('[data-testid="frame-platform"]');
      // The signing fields in Chinese, then the walk in English.
      await page.goto('/zh-CN/flow/task');
      await tasks.getByTestId('task-open-Signed release of lot 42').click();
      await expect(tasks.getByTestId('signature-fields')).toContainText('处理此任务需要电子签名');
      await expect(tasks.getByTestId('signature-fields')).toContainText('签名含义');
      await expect(tasks.getByTestId('signature-fields')).toContainText('签名密码');
      await page.goto('/en/flow/task');
      await expect(tasks.getByTestId('task-table-pending').getByTestId('needs-signature').first()).toBeVisible();
      await tasks.getByTestId('task-open-Signed release of lot 42').click();
      const drawer = tasks.getByTestId('task-drawer');
      await expect(drawer.getByTestId('signature-fields')).toContainText('electronic signature');

      // Nothing typed: the form names what is missing; a wrong password: the server refuses, on the password field.
      await tasks.getByTestId('task-agree').click();
      await expect(drawer.getByTestId('signature-fields')).toContainText('Password is required');
      await choose(tasks, 'signature-meaning', 'Reviewed');
      await tasks.getByTestId('signature-password').fill('Not-the-password1');
      await tasks.getByTestId('task-agree').click();
      await expect(toast(page, 'Password is wrong')).toBeVisible();
      await expect(drawer.getByTestId('signature-fields')).toContainText('Password is wrong');
      await expect(drawer).toBeVisible();

      await tasks.getByTestId('signature-password').fill(DEMO.password);
      await tasks.getByTestId('task-opinion').fill('Lot released');
      await tasks.getByTestId('task-agree').click();
      await expect(toast(page, 'Success')).toBeVisible();
      await expect(drawer).toBeHidden();

      // The flow chart's history and the record's history show the signature with its meaning.
      await tasks.getByRole('tab', { name: 'Finished' }).click();
      await tasks.getByTestId('task-table-finished').getByTestId('task-open-Signed release of lot 42').first().click();
      const history = tasks.getByTestId('flow-history');
      await expect(history.getByTestId('signature')).toHaveAttribute('data-meaning', 'reviewed');
      await expect(history.getByTestId('signature')).toContainText(/Signed by .+ \(Reviewed\)/);
      await tasks.getByTestId('task-record-history').click();
      const record = tasks.getByTestId('history-drawer');
      const signed = record.locator('[data-testid="history-entry"][data-action="sign"]');
      await expect(signed).toHaveCount(1);
      await expect(signed.getByTestId('history-signature')).toContainText(/Signed electronically by .+ \(Reviewed\)/);
      await expect(signed.locator('[data-field="decision"] td')).toHaveText(['Decision', 'Pending', 'Agreed']);

      // Batch audit of signed tasks asks once and signs each.
      for (const lot of ['Batch lot A', 'Batch lot B']) {
        const made = await request.post('/api/platform-system/feedback/save', {
          headers: { authorization: `Bearer ${await token(page)}` },
          multipart: { description: lot },
        });
        expect(made.status()).toBe(200);
      }
      await page.goto('/en/flow/task');
      const batch = tasks.getByTestId('task-table-pending').locator('tbody tr', { hasText: 'Batch lot' });
      await expect(batch).toHaveCount(2);
      for (let i = 0; i < 2; i++) await batch.nth(i).locator('.arco-checkbox').click();
      await tasks.getByTestId('batch-audit').click();
      const modal = tasks.locator('.arco-modal:visible');
      await expect(modal.getByTestId('signature-fields')).toContainText('you sign once');
      await choose(tasks, 'signature-meaning', 'Approved');
      await modal.getByTestId('signature-password').fill(DEMO.password);
      await modal.getByRole('button', { name: 'Decide 2 tasks' }).click();
      await expect(tasks.getByTestId('batch-results').locator('.arco-tag').filter({ hasText: 'Done' })).toHaveCount(2);
      const finished = (await api(request, page, 'GET', '/api/flow-system/task/finished?keyword=Batch%20lot')) as {
        records: { signature: { meaning: string } | null }[];
      };
      expect(finished.records.map((r) => r.signature?.meaning)).toEqual(['approved', 'approved']);
    } finally {
      // Other browser tests run on the process as it was.
      if (before.publishedVersion)
        await api(request, page, 'POST', `/api/flow-system/model/${model.id}/publish`, {
          version: before.publishedVersion,
        });
      else await api(request, page, 'POST', `/api/flow-system/model/${model.id}/unpublish`);
    }
    // The browser logs the one refusal provoked on purpose (the wrong password); nothing else.
    const provoked = /status of 400 .*\/api\/flow-system\/task\/[\w-]+\/agree$/;
    expect(errors.filter((e) => !provoked.test(e))).toEqual([]);
    expect(errors.filter((e) => provoked.test(e))).toHaveLength(1);
  });
});
