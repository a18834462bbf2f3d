import {
  envelopeOf,
  locationReverseRequest,
  locationReverseResult,
  locationSearchRequest,
  locationSearchResult,
  ok,
} from '@pos/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { geocoderFor } from '../../modules/location/geocoder';
import { reverseGeocode } from '../../modules/location/reverse-geocode';
import { searchPlaces } from '../../modules/location/search-places';

const tags = ['location'];
const security = [{ bearer: [] }];

/**
 * The choose-location page's calls, for any signed-in caller. Both take their question in a
 * POST body rather than the query string: a position or a typed address is personal data, and
 * query strings end up in access logs (this server's request log and every proxy's). The answers
 * are marked no-store so no browser or proxy keeps them either.
 */
export const locationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.post(
    '/app/api/location/search',
    {
      schema: {
        tags,
        security,
        summary: 'Places matching a keyword, optionally within a city (the geocoding adapter)',
        body: locationSearchRequest,
        response: { 200: envelopeOf(locationSearchResult) },
      },
    },
    async (request) => ok(await searchPlaces(geocoderFor(app), request.body)),
  );

  app.post(
    '/app/api/location/reverse',
    {
      schema: {
        tags,
        security,
        summary: 'The place naming a position (WGS-84 degrees)',
        body: locationReverseRequest,
        response: { 200: envelopeOf(locationReverseResult) },
      },
    },
    async (request) => ok(await reverseGeocode(geocoderFor(app), request.body)),
  );
};
