import { createHash } from 'node:crypto';
import { listenFake, type FakeRequest } from './http-fake';

/** A place the fake knows, in GCJ-02 as AMap keeps it. */
export interface AmapPoi {
  name: string;
  /** As AMap's tips give it: 福建省厦门市思明区. */
  district: string;
  address: string;
  lng: number;
  lat: number;
  township: string;
  street: string;
  number: string;
}

/**
 * AMap's web service on a loopback port: /v3/assistant/inputtips, /v3/geocode/geo and
 * /v3/geocode/regeo over a few places. It checks the key (INVALID_USER_KEY) and, for a key with
 * digital signatures, the sig parameter as AMap documents it: the MD5 of every other parameter
 * sorted by name as k=v joined with &, followed by the private key (INVALID_USER_SIGNATURE).
 * Answers have AMap's shape: status "1"/"0", info, infocode, strings or [] for unknown fields.
 */
export async function startAmapFake(account: { key: string; privateKey: string }, pois: AmapPoi[]) {
  const asked: { path: string; params: Record<string, string> }[] = [];
  let refusedSignatures = 0;
  const fail = (info: string, infocode: string) => ({ json: { status: '0', info, infocode } });

  const handle = (req: FakeRequest) => {
    const params = Object.fromEntries(req.url.searchParams);
    if (params.key !== account.key) return fail('INVALID_USER_KEY', '10001');
    if (account.privateKey) {
      const { sig, ...rest } = params;
      const expected = createHash('md5')
        .update(
          Object.keys(rest)
            .sort()
            .map((k) => `${k}=${rest[k]}`)
            .join('&') + account.privateKey,
        )
        .digest('hex');
      if (sig !== expected) {
        refusedSignatures += 1;
        return fail('INVALID_USER_SIGNATURE', '10007');
      }
    }
    asked.push({ path: req.url.pathname, params });
    const ok = (body: object) => ({
      json: { status: '1', info: 'OK', infocode: '10000', ...body },
    });
    const inCity = (p: AmapPoi) => !params.city || p.district.includes(params.city);

    if (req.url.pathname === '/v3/assistant/inputtips') {
      const word = params.keywords ?? '';
      const found = pois.filter(
        (p) => p.name.includes(word) && (params.citylimit !== 'true' || inCity(p)),
      );
      const tips = found.map((p) => ({
        id: `B0${p.name.length}`,
        name: p.name,
        district: p.district,
        adcode: '350203',
        location: `${p.lng},${p.lat}`,
        address: p.address,
        typecode: '120201',
        city: [],
      }));
      // A bus line matching the keyword: a tip with no position, as AMap gives.
      if (found.length)
        tips.push({
          id: 'BV1',
          name: `${word}(公交站)`,
          district: [] as never,
          adcode: '',
          location: [] as never,
          address: [] as never,
          typecode: '',
          city: [],
        });
      return ok({ count: String(tips.length), tips });
    }
    if (req.url.pathname === '/v3/geocode/geo') {
      const wanted = params.address ?? '';
      const found = pois.filter((p) => wanted.includes(p.street) && inCity(p));
      return ok({
        count: String(found.length),
        geocodes: found.map((p) => {
          const [, province = '', city = '', district = ''] =
            /^(.*?省)?(.*?市)?(.*)$/.exec(p.district) ?? [];
          return {
            formatted_address: `${p.district}${p.street}${p.number}`,
            country: '中国',
            province,
            city,
            citycode: '0592',
            district,
            township: [],
            street: p.street,
            number: p.number,
            adcode: '350203',
            location: `${p.lng},${p.lat}`,
            level: '门牌号',
          };
        }),
      });
    }
    if (req.url.pathname === '/v3/geocode/regeo') {
      const [lng, lat] = (params.location ?? '').split(',').map(Number) as [number, number];
      const nearest = pois
        .map((p) => ({ p, d: metres(lat, lng, p.lat, p.lng) }))
        .sort((a, b) => a.d - b.d)[0];
      if (!nearest || nearest.d > 3000)
        return ok({
          regeocode: {
            formatted_address: [],
            addressComponent: { province: [], city: [], district: [] },
          },
        });
      const { p, d } = nearest;
      const [, province = '', city = '', district = ''] =
        /^(.*?省)?(.*?市)?(.*)$/.exec(p.district) ?? [];
      return ok({
        regeocode: {
          formatted_address: `${p.district}${p.township}${p.street}${p.number}`,
          addressComponent: {
            country: '中国',
            province,
            city,
            district,
            township: p.township,
            streetNumber: {
              street: p.street,
              number: p.number,
              location: `${p.lng},${p.lat}`,
              direction: '东',
              distance: d.toFixed(4),
            },
          },
        },
      });
    }
    return fail('UNKNOWN_ERROR', '20003');
  };

  const { origin } = await listenFake(handle);
  return {
    endpoint: origin,
    asked,
    get refusedSignatures() {
      return refusedSignatures;
    },
  };
}

/** Great-circle distance in metres. */
function metres(lat1: number, lng1: number, lat2: number, lng2: number) {
  const rad = Math.PI / 180;
  const a =
    Math.sin(((lat2 - lat1) * rad) / 2) ** 2 +
    Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(((lng2 - lng1) * rad) / 2) ** 2;
  return 2 * 6_371_008.8 * Math.asin(Math.sqrt(a));
}
