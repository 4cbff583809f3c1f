/**
 * The product catalogue: its menu tree (shared by every tenant) and its sub-applications, which the
 * seed writes into the database and the server reads at run time (served apps, language names).
 * Names are given for every language of SPEC §9 in the order zh-CN, zh-TW, en, vi, es.
 * Menu paths carry no language segment; their first segment is the sub-app prefix.
 * Permission codes: menu `<prefix>:<resource>:view`, buttons `<prefix>:<resource>:<action>`,
 * tabs `<prefix>:<resource>:tab-<name>`.
 */
import type { ResourceDef } from './engine';
import { LANGUAGES } from './languages';
import { MASTER_DATA } from './resources';

export type Names = [zhCN: string, zhTW: string, en: string, vi: string, es: string];
/** A name kept in the locales: the key of the `model` namespace that holds it in every language. */
export interface LocaleName {
  key: string;
}

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

const BUTTONS: Record<string, Names> = {
  add: ['新增', '新增', 'Add', 'Thêm', 'Añadir'],
  edit: ['编辑', '編輯', 'Edit', 'Sửa', 'Editar'],
  delete: ['删除', '刪除', 'Delete', 'Xóa', 'Eliminar'],
  import: ['导入', '匯入', 'Import', 'Nhập', 'Importar'],
  export: ['导出', '匯出', 'Export', 'Xuất', 'Exportar'],
  deploy: ['部署', '部署', 'Deploy', 'Triển khai', 'Desplegar'],
  publish: ['发布', '發佈', 'Publish', 'Phát hành', 'Publicar'],
  unpublish: ['取消发布', '取消發佈', 'Unpublish', 'Hủy phát hành', 'Despublicar'],
  agree: ['同意', '同意', 'Agree', 'Đồng ý', 'Aprobar'],
  reject: ['驳回', '駁回', 'Reject', 'Từ chối', 'Rechazar'],
  'batch-audit': ['批量审核', '批量審核', 'Batch audit', 'Duyệt hàng loạt', 'Auditoría por lotes'],
  handle: ['处理', '處理', 'Handle', 'Xử lý', 'Atender'],
  raise: ['发起', '發起', 'Raise', 'Phát cảnh báo', 'Generar'],
  enable: ['启用', '啟用', 'Enable', 'Bật', 'Habilitar'],
  disable: ['停用', '停用', 'Disable', 'Tắt', 'Deshabilitar'],
  'assign-permission': ['分配权限', '分配權限', 'Assign permissions', 'Phân quyền', 'Asignar permisos'],
  'reset-password': ['重置密码', '重設密碼', 'Reset password', 'Đặt lại mật khẩu', 'Restablecer contraseña'],
  freeze: ['冻结', '凍結', 'Freeze', 'Đóng băng', 'Congelar'],
  preview: ['预览', '預覽', 'Preview', 'Xem trước', 'Vista previa'],
  generate: ['生成编码', '產生編碼', 'Generate codes', 'Tạo mã', 'Generar códigos'],
  probe: ['重新探测', '重新探測', 'Probe again', 'Kiểm tra lại', 'Volver a comprobar'],
  approve: ['批准', '核准', 'Approve', 'Phê duyệt', 'Aprobar'],
  end: ['强制下线', '強制下線', 'End session', 'Kết thúc phiên', 'Cerrar sesión'],
  revoke: ['吊销', '撤銷', 'Revoke', 'Thu hồi', 'Revocar'],
  history: ['查看记录历史', '檢視記錄歷史', 'Record history', 'Lịch sử bản ghi', 'Historial del registro'],
  verify: ['校验防篡改链', '校驗防竄改鏈', 'Verify the chain', 'Kiểm tra chuỗi chống sửa đổi', 'Verificar la cadena'],
  retention: ['设置保留期限', '設定保留期限', 'Set the retention', 'Đặt thời hạn lưu giữ', 'Fijar la conservación'],
  'browse-authority': [
    '浏览受控文档',
    '瀏覽受控文件',
    'Browse controlled documents',
    'Xem tài liệu được kiểm soát',
    'Ver documentos controlados',
  ],
};

const CRUD = ['add', 'edit', 'delete'];
const FULL = ['add', 'edit', 'delete', 'import', 'export'];

interface MenuOptions {
  buttons?: string[];
  tabs?: [name: string, names: Names | LocaleName][];
  staff?: boolean;
  icon?: string;
}

let currentProduct: 'platform' | 'basic' = 'platform';

function menu(path: string, names: Names | LocaleName, options: MenuOptions = {}): CatalogueNode {
  const [, prefix, resource] = path.split('/');
  const base = `${prefix}:${resource}`;
  const productType = currentProduct;
  const buttons = (options.buttons ?? []).map<CatalogueNode>((b) => {
    const bn = BUTTONS[b];
    if (!bn) throw new Error(`unknown button ${b}`);
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

function catalogue(key: string, icon: string, names: Names, children: CatalogueNode[]): CatalogueNode {
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

function platform(): CatalogueNode[] {
  currentProduct = 'platform';
  return [
    // The landing screen (issue 24): first in the menu, so `/` leads to it; every seeded role holds it.
    {
      ...menu('/home', ['工作台', '工作台', 'Workbench', 'Bàn làm việc', 'Área de trabajo'], {
        staff: true,
        icon: 'dashboard',
      }),
      code: 'home:workbench',
      perms: 'home:workbench:view',
      sort: 0,
    },
    catalogue(
      'system',
      'setting',
      ['系统管理', '系統管理', 'System management', 'Quản lý hệ thống', 'Gestión del sistema'],
      [
        menu('/platform/dict', ['字典管理', '字典管理', 'Dictionaries', 'Từ điển', 'Diccionarios'], {
          buttons: CRUD,
          staff: true,
          icon: 'book',
        }),
        menu(
          '/platform/config-item',
          ['配置项', '配置項', 'Configuration items', 'Mục cấu hình', 'Elementos de configuración'],
          { buttons: CRUD },
        ),
        menu('/platform/menu', ['菜单管理', '選單管理', 'Menus', 'Menu', 'Menús'], { buttons: CRUD }),
        menu('/platform/app', ['应用管理', '應用管理', 'Applications', 'Ứng dụng', 'Aplicaciones'], { buttons: CRUD }),
        menu('/system/notice', ['通知公告', '通知公告', 'Notices', 'Thông báo', 'Avisos'], {
          buttons: CRUD,
          staff: true,
        }),
        menu('/system/alarm', ['告警管理', '告警管理', 'Alarms', 'Cảnh báo', 'Alarmas'], {
          buttons: ['handle', 'raise', 'export'],
        }),
        menu('/system/feedback', ['意见反馈', '意見回饋', 'Feedback', 'Phản hồi', 'Comentarios'], {
          buttons: ['handle', 'delete', 'export'],
        }),
        menu(
          '/system/help-doc',
          ['帮助文档', '說明文件', 'Help documents', 'Tài liệu trợ giúp', 'Documentos de ayuda'],
          { buttons: CRUD, staff: true },
        ),
        menu('/system/course', ['帮助课程', '說明課程', 'Courses', 'Khóa học', 'Cursos'], { buttons: CRUD }),
        menu(
          '/system/visit-statistics',
          ['访问统计', '訪問統計', 'Visit statistics', 'Thống kê truy cập', 'Estadísticas de visitas'],
          { buttons: ['export'] },
        ),
        menu('/platform/webhook', ['Webhook 推送', 'Webhook 推送', 'Webhooks', 'Webhook', 'Webhooks'], {
          buttons: CRUD,
        }),
      ],
    ),
    catalogue(
      'organization',
      'apartment',
      ['组织架构', '組織架構', 'Organisation', 'Tổ chức', 'Organización'],
      [
        menu('/paas/tenant', ['租户管理', '租戶管理', 'Tenants', 'Khách thuê', 'Inquilinos'], { buttons: CRUD }),
        menu('/platform/factory', ['工厂管理', '工廠管理', 'Factories', 'Nhà máy', 'Fábricas'], { buttons: FULL }),
        menu('/platform/organization', ['组织管理', '組織管理', 'Organisations', 'Tổ chức', 'Organizaciones'], {
          buttons: CRUD,
        }),
        menu('/platform/department', ['部门管理', '部門管理', 'Departments', 'Phòng ban', 'Departamentos'], {
          buttons: FULL,
        }),
        menu('/platform/staff', ['员工管理', '員工管理', 'Staff', 'Nhân viên', 'Empleados'], { buttons: FULL }),
      ],
    ),
    catalogue(
      'permission',
      'user',
      ['用户权限', '使用者權限', 'Users and permissions', 'Người dùng và quyền', 'Usuarios y permisos'],
      [
        menu('/platform/user', ['用户管理', '使用者管理', 'Users', 'Người dùng', 'Usuarios'], {
          buttons: [...FULL, 'enable', 'disable', 'reset-password'],
        }),
        menu('/platform/role', ['角色管理', '角色管理', 'Roles', 'Vai trò', 'Roles'], {
          buttons: [...CRUD, 'enable', 'disable', 'assign-permission'],
        }),
        menu(
          '/platform/security-policy',
          ['安全策略', '安全策略', 'Security policy', 'Chính sách bảo mật', 'Política de seguridad'],
          { buttons: ['edit'] },
        ),
        menu('/platform/api-key', ['API密钥', 'API金鑰', 'API keys', 'Khóa API', 'Claves de API'], {
          buttons: ['add', 'revoke'],
        }),
      ],
    ),
    catalogue(
      'log',
      'file-text',
      ['日志管理', '日誌管理', 'Logs', 'Nhật ký', 'Registros'],
      [
        menu(
          '/log/login-log',
          ['登录日志', '登入日誌', 'Login log', 'Nhật ký đăng nhập', 'Registro de inicios de sesión'],
          { buttons: ['export'] },
        ),
        menu(
          '/log/operation-log',
          ['操作日志', '操作日誌', 'Operation log', 'Nhật ký thao tác', 'Registro de operaciones'],
          { buttons: ['export'] },
        ),
        menu('/log/audit-trail', ['审计追踪', '稽核軌跡', 'Audit trail', 'Nhật ký kiểm toán', 'Pista de auditoría'], {
          buttons: ['export', 'history', 'verify', 'retention'],
        }),
        menu(
          '/log/interface-log',
          ['接口日志', '介面日誌', 'Interface log', 'Nhật ký giao diện', 'Registro de interfaces'],
          { buttons: ['export'] },
        ),
        menu(
          '/log/online-session',
          ['在线会话', '線上工作階段', 'Online sessions', 'Phiên trực tuyến', 'Sesiones en línea'],
          { buttons: ['end'] },
        ),
      ],
    ),
    catalogue(
      'flow',
      'branches',
      ['流程管理', '流程管理', 'Workflow', 'Quy trình', 'Flujo de trabajo'],
      [
        menu('/flow/model', ['流程模型', '流程模型', 'Process models', 'Mô hình quy trình', 'Modelos de proceso'], {
          buttons: [...CRUD, 'deploy', 'publish', 'unpublish'],
        }),
        menu('/flow/task', ['流程任务', '流程任務', 'Tasks', 'Nhiệm vụ', 'Tareas'], {
          buttons: ['agree', 'reject', 'batch-audit'],
        }),
      ],
    ),
    catalogue(
      'helper',
      'tool',
      ['辅助功能', '輔助功能', 'Helpers', 'Tiện ích', 'Utilidades'],
      [
        menu('/helper/language', ['语言维护', '語言維護', 'Languages', 'Ngôn ngữ', 'Idiomas'], {
          buttons: ['edit', 'import', 'export'],
        }),
        menu('/helper/services', ['服务状态', '服務狀態', 'Services', 'Dịch vụ', 'Servicios'], { buttons: ['probe'] }),
        menu(
          '/helper/apply-menu',
          ['菜单申请审核', '選單申請審核', 'Menu applications', 'Duyệt đăng ký menu', 'Solicitudes de menú'],
          { buttons: ['add', 'approve', 'reject'] },
        ),
      ],
    ),
    // The framework-free example app of the integrator kit (subapps/andon), served on its own port.
    // It shows the alarms of the current factory: acknowledging and exporting take the alarm menu's
    // button codes (system:alarm:handle, system:alarm:export), which the server checks.
    catalogue(
      'andon',
      'alert',
      ['安灯', '安燈', 'Andon', 'Andon', 'Andon'],
      [menu('/andon/board', ['安灯看板', '安燈看板', 'Andon board', 'Bảng Andon', 'Tablero Andon'])],
    ),
  ];
}

/** The entry of a definition (`/basic/<name>`): a button per verb beyond view, then its own buttons and tabs. */
function resourceMenu(def: ResourceDef): CatalogueNode {
  return menu(
    `/basic/${def.name}`,
    { key: `${def.labelPrefix}._menu` },
    {
      buttons: [...def.verbs.filter((v) => v !== 'view'), ...(def.menu?.buttons ?? [])],
      staff: def.menu?.staff,
      tabs: def.tabs?.map((t) => [t, { key: `${def.labelPrefix}._tabs.${t}` }]),
    },
  );
}

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
      ['物料管理', '物料管理', 'Materials', 'Vật tư', 'Materiales'],
      placeAfter(
        entries('material'),
        '/basic/material-class',
        menu('/basic/bom', ['物料清单', '物料清單', 'BOM', 'Định mức vật tư (BOM)', 'Lista de materiales'], {
          buttons: FULL,
        }),
      ),
    ),
    catalogue(
      'partner',
      'team',
      ['客商管理', '客商管理', 'Business partners', 'Đối tác', 'Socios comerciales'],
      entries('partner'),
    ),
    catalogue(
      'factory-model',
      'build',
      ['工厂建模', '工廠建模', 'Factory modelling', 'Mô hình nhà máy', 'Modelado de fábrica'],
      entries('factory-model'),
    ),
    catalogue('equipment', 'tool', ['设备管理', '設備管理', 'Equipment', 'Thiết bị', 'Equipos'], entries('equipment')),
    catalogue(
      'warehouse',
      'home',
      ['仓储建模', '倉儲建模', 'Warehouse modelling', 'Mô hình kho', 'Modelado de almacén'],
      entries('warehouse'),
    ),
    catalogue(
      'rule',
      'code',
      ['规则模板', '規則範本', 'Rules and templates', 'Quy tắc và mẫu', 'Reglas y plantillas'],
      entries('rule'),
    ),
    catalogue(
      'document',
      'folder',
      ['文档管理', '文件管理', 'Documents', 'Tài liệu', 'Documentos'],
      [
        menu('/basic/document', ['文档管理', '文件管理', 'Documents', 'Tài liệu', 'Documentos'], {
          buttons: [...FULL, 'preview', 'browse-authority'],
        }),
        ...entries('document'),
      ],
    ),
  ];
  const lost = defs.filter((d) => d.menu && !groups.has(d.menu.group));
  if (lost.length > 0)
    throw new Error(`no catalogue for ${lost.map((d) => `${d.name} (${d.menu?.group})`).join(', ')}`);
  return tree;
}

/** The whole tree, in menu order: "System management" first, Dictionaries first in it. */
export const MENU_CATALOGUE: CatalogueNode[] = menuCatalogue(MASTER_DATA);

/** The tree with the entries of the definitions given (the registry's; a test adds one of its own). */
export function menuCatalogue(defs: readonly ResourceDef[]): CatalogueNode[] {
  return [...platform(), ...basic(defs)];
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
