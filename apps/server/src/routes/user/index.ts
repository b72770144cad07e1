import {
  API_PATHS,
  editUserBodySchema,
  editUserResponseSchema,
  errorResponseSchema,
  idParamsSchema,
  routePattern,
  userSchema,
} from '@cuepoint/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { forbidden, notFound } from '../../lib/request-problem.ts';
import { toUserDto } from '../../lib/user-dto.ts';
import {
  findUserWithCustomer,
  type UserProfileChanges,
  updateUserProfile,
} from '../../repositories/users.ts';
import { auditRequest } from '../../services/audit.ts';

export const USER_MESSAGES = {
  readForbidden: 'You may only read your own user',
  editForbidden: 'You may only edit your own profile',
  notFound: 'User not found',
} as const;

/** Optional profile text: absent keeps the stored value, empty or null clears it. */
const optional = (value: string | null | undefined) => (value === undefined ? undefined : value || null);

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    routePattern(API_PATHS.user.get),
    {
      schema: {
        tags: ['user'],
        summary: 'A user with its profile and populated customer (spec section 3)',
        security: [{ bearer: [] }],
        params: idParamsSchema,
        response: { 200: userSchema, 403: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request) => {
      const { user: caller, customer } = request.auth!;
      const { id } = request.params;
      // A user reads itself (already loaded with the session); a main administrator reads anyone.
      if (id === caller.id) return toUserDto(caller, customer);
      if (!caller.isMainAdmin) throw forbidden(USER_MESSAGES.readForbidden);
      const found = await findUserWithCustomer(app.db, id);
      if (!found) throw notFound(USER_MESSAGES.notFound);
      return toUserDto(found.user, found.customer);
    },
  );

  app.put(
    routePattern(API_PATHS.user.edit),
    {
      schema: {
        tags: ['user'],
        summary:
          'Save the profile dialog: first and last name, mobile phone, country, job title, organisation type',
        description:
          'The caller’s own user (during login-as: the user acted as); a main administrator may edit anyone.',
        security: [{ bearer: [] }],
        params: idParamsSchema,
        body: editUserBodySchema,
        response: {
          200: editUserResponseSchema,
          400: errorResponseSchema,
          403: errorResponseSchema,
          404: errorResponseSchema,
        },
      },
    },
    async (request) => {
      const { user: caller } = request.auth!;
      const { id } = request.params;
      if (id !== caller.id && !caller.isMainAdmin) throw forbidden(USER_MESSAGES.editForbidden);
      const body = request.body;
      const set: UserProfileChanges = {
        firstName: body.firstName,
        lastName: body.lastName,
        mobilePhone: body.mobilePhone,
        country: body.country,
      };
      const jobTitle = optional(body.jobTitle);
      if (jobTitle !== undefined) set.jobTitle = jobTitle;
      const organizationType = optional(body.organizationType);
      if (organizationType !== undefined) set.organizationType = organizationType;

      const updated = await app.db.transaction(async (tx) => {
        const row = await updateUserProfile(tx, id, set);
        if (!row) return undefined;
        await auditRequest(tx, request, {
          action: 'user.edit',
          customerId: row.customerId,
          target: row.id,
          details: { changed: Object.keys(set) },
        });
        return row;
      });
      if (!updated) throw notFound(USER_MESSAGES.notFound);
      app.sessionCache?.deleteUser(id);
      const found = await findUserWithCustomer(app.db, id);
      if (!found) throw notFound(USER_MESSAGES.notFound);
      return toUserDto(found.user, found.customer);
    },
  );
};
