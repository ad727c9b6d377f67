/**
 * Every antd icon, for the icon picker and the sidebar's picked icons. Only ever imported
 * dynamically: re-exporting the icon set from this module (not importing the package's barrel
 * dynamically, which the app also imports statically) keeps the set in its own lazy chunk.
 */
export * from '@ant-design/icons/es/icons';
