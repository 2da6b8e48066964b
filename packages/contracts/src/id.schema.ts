import { z } from 'zod';
import { ARTICLE_REF_RE, OBJECT_ID_RE } from './ids.js';

/** A reference number in a request body, spaces around it trimmed. */
export const articleRefSchema = z.string().trim().regex(ARTICLE_REF_RE, 'Invalid ref number');
/** A stored document's id in a path or body. */
export const objectIdSchema = z.string().regex(OBJECT_ID_RE, 'Invalid id');
