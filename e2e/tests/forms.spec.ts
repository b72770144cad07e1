import {
  fieldRequiredMessage,
  PROFILE_FIELD_LABELS,
  SLATE_LABELS,
  TEXTS,
  VALIDATION_MESSAGES,
} from '../../packages/core/src/index.ts';
import { expect, type Locator, type Page, test } from './fixtures.ts';
import { DEMO, signIn } from './helpers.ts';

// Forms validate a field as it is left, and its message pushes what is below it down. A click on
// the submit button just after emptying a field must still submit: the press blurs the field, and
// the message must not move the button from under the pointer before the click completes. Each
// test clicks once, with the real mouse, where the button was when the press began.

/** A real mouse click at the centre of where the element is now (no waiting for it to settle). */
async function clickWhereItIs(page: Page, target: Locator) {
  await target.scrollIntoViewIfNeeded();
  const box = (await target.boundingBox())!;
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
}

test('My Profile: one click on Save after emptying a required field submits', async ({ page }) => {
  await page.goto('/app/login');
  await signIn(page, DEMO.customer.email, DEMO.customer.password);
  await page.getByRole('button', { name: 'Settings' }).click();
  await page.getByRole('menuitem', { name: TEXTS.myProfile }).click();
  const dialog = page.getByRole('dialog', { name: TEXTS.myProfile });
  const mobile = dialog.getByRole('textbox', { name: PROFILE_FIELD_LABELS.mobilePhone });
  await mobile.fill('+1 555 0100');
  await mobile.fill(''); // the field keeps the focus: the click below is what leaves it
  await expect(dialog.getByText(fieldRequiredMessage(PROFILE_FIELD_LABELS.mobilePhone))).toHaveCount(0);

  await clickWhereItIs(page, dialog.getByRole('button', { name: 'Save' }));
  await expect(page.getByText(VALIDATION_MESSAGES.pleaseFillRequiredFields).first()).toBeVisible();
  await expect(dialog.getByText(fieldRequiredMessage(PROFILE_FIELD_LABELS.mobilePhone))).toBeVisible();
  await expect(dialog).toBeVisible();
});

test('a resource form (new slate): one click on Save after emptying a field validates every field', async ({
  page,
}) => {
  await page.goto('/app/login');
  await signIn(page, DEMO.customer.email, DEMO.customer.password);
  await expect(page.locator('header')).toBeVisible();
  // Every list creates on a page of its own (issue 22): the create page of slates.
  await page.goto('/app/slates/new');
  const dialog = page.getByRole('main');
  const name = dialog.getByRole('textbox', { name: SLATE_LABELS.name });
  await name.fill('Intermission');
  await name.fill('');
  const videoUrl = dialog.getByRole('textbox', { name: SLATE_LABELS.videoUrl });
  await expect(videoUrl).not.toHaveAttribute('aria-invalid', 'true');
  await clickWhereItIs(page, dialog.getByRole('button', { name: 'Save' }));
  // The submit ran: the video URL, never touched, is marked too.
  await expect(videoUrl).toHaveAttribute('aria-invalid', 'true');
  await expect(name).toHaveAttribute('aria-invalid', 'true');
});
