/**
 * The cottage form holds its images (issue 34, item 6), on a 1366×768 laptop and a 390×844 phone: create with a main
 * image cropped 16:7 in the form and two child images, all sent with the record; then edit, where the old images URL
 * lands on the form's images section, a child image is removed, the other made main, a file that is not an image is
 * refused with the server's message, and the main image is replaced by a new crop. The crop's zoom and buttons must
 * lie inside the viewport whenever the cropper is open.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { ROOT } from '../harness/server';
import type { Spec } from '../harness/types';
import { expectTrue, login, networkQuiet, pngFile } from '../harness/ui';

interface Cottage {
  id: string;
  mainImage: string | null;
  images: { id: string; image: string; isMainImage: boolean }[];
}

const FIXTURES = path.join(ROOT, 'e2e', 'artifacts', 'fixtures');
const VIEWPORTS = [
  { width: 1366, height: 768 },
  { width: 390, height: 844 },
];

async function picture(name: string, width: number, height: number): Promise<string> {
  await pngFile(FIXTURES, 'ensure-dir.png', [0, 0, 0]);
  const file = path.join(FIXTURES, name);
  await sharp({ create: { width, height, channels: 3, background: { r: 200, g: 90, b: 40 } } }).png().toFile(file);
  return file;
}

/** Fails unless each control's box lies wholly inside the viewport. */
async function inViewport(page: Page, controls: Locator[], what: string) {
  const { width, height } = page.viewportSize()!;
  for (const control of controls) {
    const box = await control.boundingBox();
    expectTrue(box, `${what}: a crop control is not shown`);
    const inside = box.x >= 0 && box.y >= 0 && box.x + box.width <= width && box.y + box.height <= height;
    expectTrue(inside, `${what}: a crop control at ${JSON.stringify(box)} is outside the ${width}×${height} viewport`);
  }
}

const cropControls = (page: Page, save: string) => {
  const cropper = page.getByTestId('main-image-cropper');
  return [cropper.getByRole('slider', { name: 'Zoom' }), cropper.getByRole('button', { name: 'Cancel' }), cropper.getByRole('button', { name: save })];
};

/** The stored file is a JPEG in 16:7 (within a pixel of rounding). */
async function expect16by7(baseUrl: string, image: string | null, what: string) {
  expectTrue(image, `${what}: no main image`);
  const meta = await sharp(Buffer.from(await (await fetch(`${baseUrl}/${image}`)).arrayBuffer())).metadata();
  const ok = Math.abs(meta.width! - (meta.height! * 16) / 7) <= 1 || Math.abs(meta.height! - (meta.width! * 7) / 16) <= 1;
  expectTrue(meta.format === 'jpeg' && ok, `${what}: stored ${meta.format} ${meta.width}×${meta.height}`);
}

/** The greeting after a login sits over the form's Save on a phone for 15 s: close it as a person would. */
async function closeGreeting(page: Page) {
  const greeting = page.locator('.LoginGreeting');
  await greeting.waitFor({ timeout: 5000 }).catch(() => undefined);
  if (await greeting.isVisible()) await greeting.getByRole('button', { name: 'Close' }).first().click();
}

async function pickFirst(page: Page, label: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option').first().click();
}

export const specs: Spec[] = VIEWPORTS.map(({ width, height }) => ({
  name: `cottage images in the form at ${width}×${height}: create with a 16:7 crop and two child images; edit removes one, makes the other main, replaces the main`,
  env: { DEMO_DATA: 'on', E2E_GROUP: 'cottage-images' },
  async run({ page, baseUrl, api, unique }) {
    await page.setViewportSize({ width, height });
    const name = `E2E images ${width} ${unique}`;
    const photo = await picture(`wide-${unique}.png`, 900, 700);
    const children = [await pngFile(FIXTURES, `g1-${unique}.png`, [90, 20, 40]), await pngFile(FIXTURES, `g2-${unique}.png`, [20, 90, 140])];
    await login(page, baseUrl);
    await closeGreeting(page);
    await page.goto(`${baseUrl}/dashboart/cottage/create`);
    await page.getByRole('textbox', { name: 'Cottage name' }).fill(name);

    // Saving without a crop names what is missing.
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Choose the main image and press "Use this crop"').waitFor();

    await page.locator('input[type=file][name=mainImage]').setInputFiles(photo);
    await page.getByTestId('main-image-cropper').waitFor();
    await page.waitForTimeout(300); // the scroll into view is instant, the cropper's image loads after
    await inViewport(page, cropControls(page, 'Use this crop'), 'create');
    await page.getByRole('slider', { name: 'Zoom' }).press('ArrowRight');
    await page.getByRole('button', { name: 'Use this crop' }).click();
    await page.getByTestId('main-image-preview').waitFor();

    await page.locator('input[type=file][aria-label^="Child images"]').setInputFiles(children);
    await page.getByRole('group', { name: 'Cottage type' }).getByRole('checkbox').first().check();
    await pickFirst(page, 'Cottage region');
    // The places reload for the region: a pick from the list before that is refused ("a place of the chosen region").
    await networkQuiet(page);
    await pickFirst(page, 'Cottage place');
    await page.getByRole('spinbutton', { name: 'Cottage price' }).fill('1200');
    await page.getByRole('spinbutton', { name: 'Cottage weekend price' }).fill('1500');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText(/Cottage added\. It is in progress/).waitFor();

    const [found] = await api.get<{ id: string }[]>(`cottage?filter=${encodeURIComponent(JSON.stringify({ q: name }))}`);
    expectTrue(found, 'the cottage was created');
    const created = await api.get<Cottage>(`cottage/${found.id}`);
    await expect16by7(baseUrl, created.mainImage, 'create');
    const kids = created.images.filter((i) => !i.isMainImage);
    expectTrue(kids.length === 2, `two child images: ${JSON.stringify(created.images)}`);

    // The old images URL lands on the edit form's images section.
    await page.goto(`${baseUrl}/dashboart/cottage/${found.id}/images`);
    const section = page.locator('section#images');
    await section.getByTestId('child-images').locator('li').nth(1).waitFor();
    expectTrue(new URL(page.url()).pathname.endsWith(`/cottage/${found.id}`), `redirected to the edit page: ${page.url()}`);
    const items = section.getByTestId('child-images').locator('li');

    // The gallery's order, by keyboard: the first child moved later with Enter; the focus stays on a move button.
    await items.first().getByRole('button', { name: 'Move image 1 later' }).focus();
    await page.keyboard.press('Enter');
    await page.getByText('The gallery’s order is saved').waitFor();
    const reordered = (await api.get<Cottage>(`cottage/${found.id}`)).images.filter((i) => !i.isMainImage).map((i) => i.id);
    expectTrue(reordered.join() === [kids[1].id, kids[0].id].join(), `the children swapped on the server: ${reordered.join()}`);
    await page.waitForFunction((first) => document.querySelector(`section#images [data-testid=child-images] li img`)?.getAttribute('src')?.includes(first), kids[1].image.split('/').pop()!);
    const focused = await page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? '');
    expectTrue(focused.startsWith('Move image'), `the focus stays on the moved image's buttons, not "${focused}"`);

    // The first shown is now the second child: deleting it leaves the first.
    await items.first().getByRole('button', { name: 'Delete this image' }).click();
    await page.getByRole('dialog', { name: 'Are you sure to delete ?' }).getByRole('button', { name: 'Yes' }).click();
    await page.getByText('Success delete image').waitFor();
    const afterDelete = await api.get<Cottage>(`cottage/${found.id}`);
    const left = afterDelete.images.filter((i) => !i.isMainImage);
    expectTrue(left.length === 1 && left[0].id === kids[0].id, `one child image left: ${JSON.stringify(afterDelete.images)}`);
    await page.waitForFunction(() => document.querySelectorAll('section#images [data-testid=child-images] li').length === 1);

    await items.first().getByRole('button', { name: 'Make main' }).click();
    await page.getByText('This image is the main image now').waitFor();
    expectTrue((await api.get<Cottage>(`cottage/${found.id}`)).mainImage === left[0].image, 'the child is the main image now');

    // A file that is not an image: the server's message, nothing added.
    const fake = path.join(FIXTURES, `fake-${unique}.png`);
    await writeFile(fake, 'not a picture at all');
    await section.locator('input[type=file][name=images]').setInputFiles(fake);
    await page.getByText('The file is not an image (JPEG, PNG, WebP or GIF expected)').waitFor();

    await section.locator('input[type=file][name=mainImage]').setInputFiles(photo);
    await page.getByTestId('main-image-cropper').waitFor();
    await page.waitForTimeout(300);
    await inViewport(page, cropControls(page, 'Save the image'), 'edit');
    await page.getByRole('button', { name: 'Save the image' }).click();
    await page.getByText('Success a new main image').waitFor();
    const last = await api.get<Cottage>(`cottage/${found.id}`);
    expectTrue(last.mainImage !== left[0].image, 'the main image is replaced');
    await expect16by7(baseUrl, last.mainImage, 'edit');
  },
}));
