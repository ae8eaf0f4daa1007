using System;
using System.Collections.Generic;
using System.Globalization;
using AgentBridgeUnity.Adapters.Reflection;
using UnityEngine;
using UnityEngine.UI;

namespace AgentBridgeUnity.Adapters.Ugui
{
    /// <summary>
    /// The list a uGUI Dropdown or TMP_Dropdown shows while open: <c>Show()</c> makes a child
    /// named "Dropdown List" from the template, holding one Toggle per option named
    /// <c>"Item N: text"</c>; choosing one closes the list. These helpers find the list, its
    /// entries and the dropdown an entry belongs to.
    /// </summary>
    internal static class DropdownLists
    {
        /// <summary>The name Unity gives the open list.</summary>
        public const string ListName = "Dropdown List";

        const string ItemPrefix = "Item ";

        /// <summary>The open list of <paramref name="dropdown"/>, or null while it is closed.</summary>
        public static GameObject ListOf(GameObject dropdown)
        {
            Transform parent = dropdown.transform;
            for (int i = 0; i < parent.childCount; i++)
            {
                GameObject child = parent.GetChild(i).gameObject;
                if (child.name == ListName && child.activeInHierarchy)
                    return child;
            }
            return null;
        }

        /// <summary>The entry toggle of option <paramref name="index"/> in an open list, or null.</summary>
        public static Toggle Entry(GameObject list, int index)
        {
            var toggles = new List<Toggle>();
            list.GetComponentsInChildren(false, toggles);
            foreach (Toggle toggle in toggles)
            {
                if (IndexOf(toggle.gameObject) == index)
                    return toggle;
            }
            return null;
        }

        /// <summary>The option index an entry's name carries (<c>"Item 2: Hard"</c>: 2), or -1.</summary>
        public static int IndexOf(GameObject entry)
        {
            string name = entry.name;
            if (!name.StartsWith(ItemPrefix, StringComparison.Ordinal))
                return -1;
            int end = name.IndexOf(':', ItemPrefix.Length);
            string digits = end < 0 ? name.Substring(ItemPrefix.Length) : name.Substring(ItemPrefix.Length, end - ItemPrefix.Length);
            int index;
            return int.TryParse(digits, NumberStyles.None, CultureInfo.InvariantCulture, out index) ? index : -1;
        }

        /// <summary>
        /// The Dropdown or TMP_Dropdown whose open list holds <paramref name="entry"/>, or null
        /// for a toggle that is no dropdown entry.
        /// </summary>
        public static Selectable OwnerOf(Toggle entry)
        {
            if (IndexOf(entry.gameObject) < 0)
                return null;
            for (Transform parent = entry.transform.parent; parent != null; parent = parent.parent)
            {
                if (parent.gameObject.name != ListName || parent.parent == null)
                    continue;
                var owner = parent.parent.GetComponent<Selectable>();
                if (owner is Dropdown || (owner != null && TmpTypes.IsDropdown(owner)))
                    return owner;
            }
            return null;
        }
    }
}
