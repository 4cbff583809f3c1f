/**
 * The product catalogue: its menu tree (shared by every tenant) and its sub-applications, which the
 * seed writes into the database and the server reads at run time (served apps, language names).
 * The menu's names are in the locales: a hand-built entry's under `catalogue.entry.<path>` of the
 * `server` texts (catalogues `catalogue.group.<key>`, buttons `catalogue.button.<name>`), a
 * definition's under its own `<labelPrefix>._menu` of the `model` texts. The apps' names are given
 * here for every language of SPEC §9 in the order zh-CN, zh-TW, en, vi, es.
 * Menu paths carry no language segment; their first segment is the sub-app prefix.
 * Permission codes: menu `<prefix>:<resource>:view`, buttons `<prefix>:<resource>:<action>`,
 * tabs `<prefix>:<resource>:tab-<name>`.
 */
import type { ResourceDef } from './engine';
import { LANGUAGES } from './languages';
import { FEATURE_SERVED, MASTER_DATA, PLATFORM_RESOURCES, SYSTEM_RESOURCES } from './resources';

export type Names = [zhCN: string, zhTW: string, en: string, vi: string, es: string];
/** A name kept in the locales: the namespace and key that hold it in every language. */
export interface LocaleName {
  ns: 'model' | 'server';
  key: string;
}

/** The name of a hand-built entry, catalogue or button: `catalogue.<part>.<key>` of the `server` texts. */
const named = (part: 'group' | 'entry' | 'button', key: string): LocaleName => ({
  ns: 'server',
  key: `catalogue.${part}.${key}`,
});

export interface CatalogueNode {
  /** Stable key of the node (unique), e.g. `catalogue:system` or `platform:dict:add`. */
  code: string;
  type: 'catalogue' | 'menu' | 'button' | 'tab';
  names: Names | LocaleName;
  path: string | null;
  perms: string | null;
  icon: string | null;
  productType: 'platform' | 'basic';
  /** Granted to the seeded `staff` role (view only). */
  staff?: boolean;
  /** Its place among its siblings when not their position (the workbench goes before entries seeded earlier). */
  sort?: number;
  children: CatalogueNode[];
}

export function i18n(names: Names): Record<string, string> {
  const out: Record<string, string> = {};
  LANGUAGES.forEach((lang, i) => {
    out[lang] = names[i] as string;
  });
  return out;
}

/** The buttons a menu entry may have; their names are `catalogue.button.<name>` in the locales' `server` texts. */
const BUTTONS = new Set([
  'add',
  'edit',
  'delete',
  'import',
  'export',
  'deploy',
  'publish',
  'unpublish',
  'agree',
  'reject',
  'batch-audit',
  'handle',
  'raise',
  'enable',
  'disable',
  'assign-permission',
  'reset-password',
  'freeze',
  'preview',
  'generate',
  'probe',
  'approve',
  'end',
  'revoke',
  'history',
  'verify',
  'retention',
  'browse-authority',
]);

const CRUD = ['add', 'edit', 'delete'];
const FULL = ['add', 'edit', 'delete', 'import', 'export'];

interface MenuOptions {
  buttons?: string[];
  tabs?: [name: string, names: LocaleName][];
  staff?: boolean;
  icon?: string;
}

let currentProduct: 'platform' | 'basic' = 'platform';

function menu(path: string, options: MenuOptions = {}, names: LocaleName = named('entry', path)): CatalogueNode {
  const [, prefix, resource] = path.split('/');
  const base = `${prefix}:${resource}`;
  const productType = currentProduct;
  const buttons = (options.buttons ?? []).map<CatalogueNode>((b) => {
    if (!BUTTONS.has(b)) throw new Error(`unknown button ${b}`);
    const bn = named('button', b);
    return {
      code: `${base}:${b}`,
      type: 'button',
      names: bn,
      path: null,
      perms: `${base}:${b}`,
      icon: null,
      productType,
      children: [],
    };
  });
  const tabs = (options.tabs ?? []).map<CatalogueNode>(([t, tn]) => ({
    code: `${base}:tab-${t}`,
    type: 'tab',
    names: tn,
    path: null,
    perms: `${base}:tab-${t}`,
    icon: null,
    productType,
    children: [],
  }));
  return {
    code: base,
    type: 'menu',
    names,
    path,
    perms: `${base}:view`,
    icon: options.icon ?? null,
    productType,
    staff: options.staff ?? false,
    children: [...buttons, ...tabs],
  };
}

function catalogue(key: string, icon: string, children: CatalogueNode[]): CatalogueNode {
  const names = named('group', key);
  return {
    code: `catalogue:${key}`,
    type: 'catalogue',
    names,
    path: null,
    perms: null,
    icon,
    productType: currentProduct,
    children,
  };
}

/** The entry of a definition's screen, by the definition (its path, verbs, buttons, tabs); its name is `name`. */
function definitionMenu(def: ResourceDef, names: LocaleName): CatalogueNode {
  if (!def.path) throw new Error(`${def.name} has no screen`);
  const entry = menu(
    def.path,
    {
      buttons: [...def.verbs.filter((v) => v !== 'view'), ...(def.menu?.buttons ?? [])],
      staff: def.menu?.staff,
      icon: def.menu?.icon,
      tabs: def.tabs?.map((t) => [t, { ns: 'model', key: `${def.labelPrefix}._tabs.${t}` }]),
    },
    names,
  );
  if (entry.code !== def.permissions)
    throw new Error(`${def.name}: permissions ${def.permissions}, menu ${entry.code}`);
  return entry;
}

/** A platform entry: the screen of the definition at `path` when there is one, else a page's with `options`. */
function platformMenu(defs: ReadonlyMap<string, ResourceDef>, path: string, options?: MenuOptions): CatalogueNode {
  const def = defs.get(path);
  if (def && options) throw new Error(`${path} is the screen of ${def.name}: its buttons come from the definition`);
  return def ? definitionMenu(def, named('entry', path)) : menu(path, options);
}

function platform(defs: readonly ResourceDef[]): CatalogueNode[] {
  currentProduct = 'platform';
  const byPath = new Map(defs.flatMap((d) => (d.path ? [[d.path, d] as const] : [])));
  const placed = new Set<string>();
  const entry = (path: string, options?: MenuOptions) => {
    placed.add(path);
    return platformMenu(byPath, path, options);
  };
  const tree = [
    // The landing screen (issue 24): first in the menu, so `/` leads to it; every seeded role holds it.
    {
      ...menu('/home', {
        staff: true,
        icon: 'dashboard',
      }),
      code: 'home:workbench',
      perms: 'home:workbench:view',
      sort: 0,
    },
    catalogue('system', 'setting', [
      entry('/platform/dict'),
      entry('/platform/config-item'),
      entry('/platform/menu'),
      entry('/platform/app'),
      entry('/system/notice'),
      entry('/system/alarm'),
      entry('/system/feedback'),
      entry('/system/help-doc'),
      entry('/system/course'),
      entry('/system/visit-statistics', { buttons: ['export'] }),
      entry('/platform/webhook', { buttons: CRUD }),
    ]),
    catalogue('organization', 'apartment', [
      entry('/paas/tenant'),
      entry('/platform/factory'),
      entry('/platform/organization'),
      entry('/platform/department'),
      entry('/platform/staff'),
    ]),
    catalogue('permission', 'user', [
      entry('/platform/user'),
      entry('/platform/role'),
      entry('/platform/security-policy', { buttons: ['edit'] }),
      entry('/platform/api-key', { buttons: ['add', 'revoke'] }),
    ]),
    catalogue('log', 'file-text', [
      entry('/log/login-log'),
      entry('/log/operation-log'),
      entry('/log/audit-trail'),
      entry('/log/interface-log'),
      entry('/log/online-session', { buttons: ['end'] }),
    ]),
    catalogue('flow', 'branches', [
      entry('/flow/model', { buttons: [...CRUD, 'deploy', 'publish', 'unpublish'] }),
      entry('/flow/task', { buttons: ['agree', 'reject', 'batch-audit'] }),
    ]),
    catalogue('helper', 'tool', [
      entry('/helper/language', { buttons: ['edit', 'import', 'export'] }),
      entry('/helper/services', { buttons: ['probe'] }),
      entry('/helper/apply-menu', { buttons: ['add', 'approve', 'reject'] }),
    ]),
    // The framework-free example app of the integrator kit (subapps/andon), served on its own port.
    // It shows the alarms of the current factory: acknowledging and exporting take the alarm menu's
    // button codes (system:alarm:handle, system:alarm:export), which the server checks.
    catalogue('andon', 'alert', [entry('/andon/board')]),
  ];
  const lost = [...byPath.keys()].filter((p) => !placed.has(p));
  if (lost.length > 0) throw new Error(`no menu entry for the screens ${lost.join(', ')}`);
  return tree;
}

/** The entry of a master-data definition: a button per verb beyond view, then its own buttons and tabs; its name `<labelPrefix>._menu`. */
const resourceMenu = (def: ResourceDef) => definitionMenu(def, { ns: 'model', key: `${def.labelPrefix}._menu` });

/** `node` placed after the entry of `path` among `entries`. */
function placeAfter(entries: CatalogueNode[], path: string, node: CatalogueNode): CatalogueNode[] {
  const i = entries.findIndex((e) => e.path === path);
  if (i < 0) throw new Error(`no menu entry ${path}`);
  return [...entries.slice(0, i + 1), node, ...entries.slice(i + 1)];
}

function basic(defs: readonly ResourceDef[]): CatalogueNode[] {
  currentProduct = 'basic';
  const groups = new Set<string>();
  /** The entries of the definitions that sit in catalogue `group`, in the registry's order. */
  const entries = (group: string) => {
    groups.add(group);
    return defs.filter((d) => d.menu?.group === group).map(resourceMenu);
  };
  const tree = [
    catalogue(
      'material',
      'box',
      placeAfter(
        entries('material'),
        '/basic/material-class',
        menu('/basic/bom', {
          buttons: FULL,
        }),
      ),
    ),
    catalogue('partner', 'team', entries('partner')),
    catalogue('factory-model', 'build', entries('factory-model')),
    catalogue('equipment', 'tool', entries('equipment')),
    catalogue('warehouse', 'home', entries('warehouse')),
    catalogue('rule', 'code', entries('rule')),
    catalogue('document', 'folder', [
      menu('/basic/document', {
        buttons: [...FULL, 'preview', 'browse-authority'],
      }),
      ...entries('document'),
    ]),
  ];
  const lost = defs.filter((d) => d.menu && !groups.has(d.menu.group ?? ''));
  if (lost.length > 0)
    throw new Error(`no catalogue for ${lost.map((d) => `${d.name} (${d.menu?.group})`).join(', ')}`);
  return tree;
}

/** The platform app's definitions with a screen: each has its entry, in the order platform() lists the paths. */
const PLATFORM_SCREENS = [...PLATFORM_RESOURCES, ...SYSTEM_RESOURCES, ...FEATURE_SERVED].filter((d) => d.path);

/** The whole tree, in menu order: "System management" first, Dictionaries first in it. */
export const MENU_CATALOGUE: CatalogueNode[] = menuCatalogue(MASTER_DATA);

/** The tree with the entries of the definitions given (the registry's; a test adds one of its own). */
export function menuCatalogue(defs: readonly ResourceDef[]): CatalogueNode[] {
  return [...platform(PLATFORM_SCREENS), ...basic(defs)];
}

export interface CatalogueApp {
  appType: string;
  names: Names;
  fullNames: Names;
  portOffset: number;
  prefixPath: string[];
  fullscreen?: boolean;
}

/** The sub-application registry (SPEC §1, §2, §9: ports 4000 + offset; spc and dcm share one). */
export const APP_CATALOGUE: CatalogueApp[] = [
  {
    appType: 'platform',
    portOffset: 0,
    prefixPath: ['paas', 'home', 'platform', 'system', 'log', 'flow', 'helper'],
    names: ['平台管理', '平台管理', 'Platform', 'Nền tảng', 'Plataforma'],
    fullNames: ['平台管理系统', '平台管理系統', 'Platform management', 'Quản lý nền tảng', 'Gestión de la plataforma'],
  },
  {
    appType: 'basic',
    portOffset: 1,
    prefixPath: ['basic'],
    names: ['基础数据', '基礎資料', 'Basic data', 'Dữ liệu cơ bản', 'Datos básicos'],
    fullNames: [
      '基础数据管理',
      '基礎資料管理',
      'Basic data management',
      'Quản lý dữ liệu cơ bản',
      'Gestión de datos básicos',
    ],
  },
  {
    appType: 'mes',
    portOffset: 2,
    prefixPath: ['mes'],
    names: ['生产管理', '生產管理', 'Production', 'Sản xuất', 'Producción'],
    fullNames: [
      '制造执行系统',
      '製造執行系統',
      'Manufacturing execution',
      'Hệ thống điều hành sản xuất',
      'Ejecución de fabricación',
    ],
  },
  {
    appType: 'qms',
    portOffset: 3,
    prefixPath: ['qms'],
    names: ['质量管理', '品質管理', 'Quality', 'Chất lượng', 'Calidad'],
    fullNames: ['质量管理系统', '品質管理系統', 'Quality management', 'Quản lý chất lượng', 'Gestión de calidad'],
  },
  {
    appType: 'wms',
    portOffset: 4,
    prefixPath: ['wms'],
    names: ['仓储管理', '倉儲管理', 'Warehouse', 'Kho', 'Almacén'],
    fullNames: ['仓储管理系统', '倉儲管理系統', 'Warehouse management', 'Quản lý kho', 'Gestión de almacenes'],
  },
  {
    appType: 'esop',
    portOffset: 5,
    prefixPath: ['esop'],
    names: ['电子作业指导', '電子作業指導', 'Work instructions', 'Hướng dẫn công việc', 'Instrucciones de trabajo'],
    fullNames: [
      '电子作业指导书系统',
      '電子作業指導書系統',
      'Electronic work instructions',
      'Hướng dẫn công việc điện tử',
      'Instrucciones de trabajo electrónicas',
    ],
  },
  {
    appType: 'tpm',
    portOffset: 6,
    prefixPath: ['tpm'],
    names: ['设备维护', '設備維護', 'Equipment', 'Thiết bị', 'Equipos'],
    fullNames: [
      '设备维护管理',
      '設備維護管理',
      'Equipment maintenance',
      'Bảo trì thiết bị',
      'Mantenimiento de equipos',
    ],
  },
  {
    appType: 'spc',
    portOffset: 7,
    prefixPath: ['spc'],
    names: ['统计过程控制', '統計製程管制', 'SPC', 'SPC', 'SPC'],
    fullNames: [
      '统计过程控制',
      '統計製程管制',
      'Statistical process control',
      'Kiểm soát quá trình thống kê',
      'Control estadístico de procesos',
    ],
  },
  {
    appType: 'dcm',
    portOffset: 7,
    prefixPath: ['dcm'],
    names: ['数据集成', '資料整合', 'Data integration', 'Tích hợp dữ liệu', 'Integración de datos'],
    fullNames: [
      '数据采集与集成',
      '資料擷取與整合',
      'Data collection and integration',
      'Thu thập và tích hợp dữ liệu',
      'Recolección e integración de datos',
    ],
  },
  {
    appType: 'andon',
    portOffset: 8,
    prefixPath: ['andon'],
    names: ['安灯', '安燈', 'Andon', 'Andon', 'Andon'],
    fullNames: ['安灯呼叫系统', '安燈呼叫系統', 'Andon alerts', 'Cảnh báo Andon', 'Alertas Andon'],
  },
  {
    appType: 'spm',
    portOffset: 9,
    prefixPath: ['spm'],
    names: ['备件管理', '備件管理', 'Spare parts', 'Phụ tùng', 'Repuestos'],
    fullNames: ['备品备件管理', '備品備件管理', 'Spare parts management', 'Quản lý phụ tùng', 'Gestión de repuestos'],
  },
  {
    appType: 'fms',
    portOffset: 10,
    prefixPath: ['fms'],
    names: ['工装夹具', '工裝夾具', 'Fixtures', 'Đồ gá', 'Utillajes'],
    fullNames: ['工装夹具管理', '工裝夾具管理', 'Fixture management', 'Quản lý đồ gá', 'Gestión de utillajes'],
  },
  {
    appType: 'visual',
    portOffset: 11,
    prefixPath: ['visual'],
    fullscreen: true,
    names: ['可视化', '可視化', 'Visualisation', 'Trực quan hóa', 'Visualización'],
    fullNames: ['数据可视化', '資料視覺化', 'Data visualisation', 'Trực quan hóa dữ liệu', 'Visualización de datos'],
  },
  {
    appType: 'datav',
    portOffset: 12,
    prefixPath: ['datav'],
    names: ['数据大屏', '數據大屏', 'Big screen', 'Màn hình lớn', 'Pantalla grande'],
    fullNames: ['数据大屏', '數據大屏', 'Data big screen', 'Màn hình dữ liệu lớn', 'Pantalla grande de datos'],
  },
  {
    appType: 'mds',
    portOffset: 13,
    prefixPath: ['mds'],
    names: ['模具管理', '模具管理', 'Moulds', 'Khuôn', 'Moldes'],
    fullNames: ['模具管理系统', '模具管理系統', 'Mould management', 'Quản lý khuôn', 'Gestión de moldes'],
  },
];

/** Sub-apps this server serves itself (from DIST_DIR; andon is the framework-free example of the integrator kit). */
export const SERVED_APPS = ['platform', 'basic', 'andon'] as const;

/** Native names of the languages, for the `language` dictionary. */
export const LANGUAGE_NAMES: Record<string, string> = {
  'zh-CN': '简体中文',
  'zh-TW': '繁體中文',
  en: 'English',
  vi: 'Tiếng Việt',
  es: 'Español',
};

/** Codes of the menus granted (view only) to the seeded `staff` role. */
export function staffMenuCodes(nodes: CatalogueNode[] = MENU_CATALOGUE): string[] {
  const out: string[] = [];
  for (const n of nodes) {
    if (n.type === 'menu' && n.staff) out.push(n.code);
    out.push(...staffMenuCodes(n.children));
  }
  return out;
}
