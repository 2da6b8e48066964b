import { Router } from 'express';
import type { ContentDeps } from '../deps';

export function seoRoutes(deps: ContentDeps): Router {
  void deps;
  return Router();
}
