import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { apiOk, renderRoutes, resetApi, stubApi } from '@/test-kit';

const { default: SchoolListPage } = await import('./school-list-page');
const { default: SchoolDetailPage } = await import('./school-detail-page');
const { default: SchoolMaterialsPage } = await import('./school-materials-page');

const IMAGE = '/prod-api/files/1/' + 'a'.repeat(64);
const item = (id: number, section: 'school' | 'material', kind: string, categoryId: number) => ({
  id,
  section,
  kind,
  categoryId,
  title: `标题${id}`,
  summary: `摘要${id}`,
  coverUrl: '',
  images: section === 'material' ? [IMAGE] : [],
  publishedAt: '2026-11-28T02:00:00.000Z',
  favourite: false,
});
let items: ReturnType<typeof item>[] = [];
const favourites = new Set<number>();
const downloads: number[] = [];

beforeEach(() => {
  items = [item(1, 'school', 'article', 10), item(2, 'school', 'video', 11)];
  items.push(item(3, 'material', 'poster', 20));
  favourites.clear();
  downloads.length = 0;
  stubApi(async (url, init) => {
    const p = url.pathname;
    const detail = (id: number) => {
      const found = items.find((i) => i.id === id)!;
      return {
        ...found,
        favourite: favourites.has(id),
        body: `正文${id}`,
        videoUrl: found.kind === 'video' ? 'https://v.example.com/a.mp4' : '',
      };
    };
    let data: unknown;
    if (p.endsWith('/school/categories')) {
      data =
        url.searchParams.get('section') === 'material'
          ? [{ id: 20, name: '海报', nameEn: 'Posters' }]
          : [
              { id: 10, name: '展业技巧', nameEn: 'Selling' },
              { id: 11, name: '产品知识', nameEn: '' },
            ];
    } else if (p.endsWith('/school/items')) {
      const section = url.searchParams.get('section');
      const cat = Number(url.searchParams.get('categoryId') ?? 0);
      data = {
        rows: items
          .filter((i) => i.section === section && (!cat || i.categoryId === cat))
          .map((i) => ({ ...i, favourite: favourites.has(i.id) })),
        nextCursor: null,
      };
    } else if (p.endsWith('/school/item')) {
      data = detail(Number(url.searchParams.get('id')));
    } else if (p.endsWith('/school/favourite')) {
      const body = JSON.parse(String(init?.body)) as { id: number; favourite: boolean };
      if (body.favourite) favourites.add(body.id);
      else favourites.delete(body.id);
      data = { favourite: body.favourite };
    } else if (p.endsWith('/school/download')) {
      const body = JSON.parse(String(init?.body)) as { id: number };
      downloads.push(body.id);
      data = detail(body.id);
    }
    return apiOk(data);
  });
});

afterEach(resetApi);

const renderAt = (path: string) =>
  renderRoutes(path, {
    '/pages/school/index': <SchoolListPage />,
    '/pages/school/detail': <SchoolDetailPage />,
    '/pages/school/materials': <SchoolMaterialsPage />,
  });

describe('business school', () => {
  it('lists the school by category and opens an item', async () => {
    renderAt('/pages/school/index');
    expect(await screen.findAllByTestId('school-card')).toHaveLength(2);
    fireEvent.click(await screen.findByText('展业技巧'));
    await waitFor(() => expect(screen.getAllByTestId('school-card')).toHaveLength(1));
    fireEvent.click(screen.getByTestId('school-card'));
    expect((await screen.findByTestId('school-detail')).textContent).toContain('正文1');
  });

  it('favourites an item and shows it favourited', async () => {
    renderAt('/pages/school/detail?id=1');
    const button = await screen.findByTestId('school-favourite');
    expect(button.textContent).toContain('收藏');
    fireEvent.click(button);
    await waitFor(() =>
      expect(screen.getByTestId('school-favourite').textContent).toContain('已收藏'),
    );
    expect(favourites.has(1)).toBe(true);
  });

  it('plays a video from its https address', async () => {
    renderAt('/pages/school/detail?id=2');
    const video = (await screen.findByTestId('school-video')) as HTMLVideoElement;
    expect(video.getAttribute('src')).toBe('https://v.example.com/a.mp4');
  });

  it('downloads a material, which the server records', async () => {
    renderAt('/pages/school/materials');
    const card = await screen.findByTestId('material-card');
    expect(card.textContent).toContain('标题3');
    fireEvent.click(screen.getByTestId('material-download'));
    await waitFor(() => expect(downloads).toEqual([3]));
  });

  it('says so when a section is empty', async () => {
    items = [];
    renderAt('/pages/school/index');
    expect(await screen.findByTestId('school-empty')).toBeTruthy();
  });
});
